import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { SentRequest } from './saml-sp';

/** How long a started SAML sign-in may take at the IdP before its response is refused. */
export const SAML_SIGN_IN_MINUTES = 10;

const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');

/** Keeps a started sign-in (its AuthnRequest, where to land) until its response; clears long-expired ones on the way. */
export async function keepSamlSignIn(
  db: Kysely<Database>,
  sign: { state: string; request: SentRequest; nextPath: string },
  now = new Date(),
): Promise<void> {
  await db.deleteFrom('saml_logins').where('expires_at', '<', now).execute();
  await db
    .insertInto('saml_logins')
    .values({
      state_hash: stateHash(sign.state),
      request_id: sign.request.id,
      next_path: sign.nextPath,
      created_at: new Date(sign.request.instant),
      expires_at: new Date(now.getTime() + SAML_SIGN_IN_MINUTES * 60_000),
    })
    .execute();
}

/** Takes (deletes) the unexpired sign-in `state` names: a second response with it finds nothing. */
export async function takeSamlSignIn(
  db: Kysely<Database>,
  state: string,
): Promise<{ request: SentRequest; nextPath: string } | undefined> {
  const row = await db
    .deleteFrom('saml_logins')
    .where('state_hash', '=', stateHash(state))
    .returning(['request_id', 'next_path', 'created_at', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= Date.now()) return undefined;
  return { request: { id: row.request_id, instant: row.created_at.toISOString() }, nextPath: row.next_path };
}
