import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { PendingSignIn } from './oidc-client';

/** How long a started sign-in may take at the provider before its callback is refused. */
export const SIGN_IN_MINUTES = 10;

const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');

/** Keeps a started sign-in until its callback (or SIGN_IN_MINUTES); clears long-expired ones on the way. */
export async function keepPendingSignIn(
  db: Kysely<Database>,
  pending: PendingSignIn,
  nextPath: string,
  now = new Date(),
): Promise<void> {
  await db.deleteFrom('oidc_logins').where('expires_at', '<', now).execute();
  await db
    .insertInto('oidc_logins')
    .values({
      state_hash: stateHash(pending.state),
      nonce: pending.nonce,
      code_verifier: pending.codeVerifier,
      redirect_uri: pending.redirectUri,
      next_path: nextPath,
      expires_at: new Date(now.getTime() + SIGN_IN_MINUTES * 60_000),
    })
    .execute();
}

/** Takes (deletes) the unexpired sign-in `state` names: a second callback with it finds nothing. */
export async function takePendingSignIn(
  db: Kysely<Database>,
  state: string,
): Promise<{ pending: PendingSignIn; nextPath: string } | undefined> {
  const row = await db
    .deleteFrom('oidc_logins')
    .where('state_hash', '=', stateHash(state))
    .returning(['nonce', 'code_verifier', 'redirect_uri', 'next_path', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= Date.now()) return undefined;
  return {
    pending: { state, nonce: row.nonce, codeVerifier: row.code_verifier, redirectUri: row.redirect_uri },
    nextPath: row.next_path,
  };
}
