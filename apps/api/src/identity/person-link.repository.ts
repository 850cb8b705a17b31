import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** The person an identity provider's `sub` (a SAML NameID) was linked to, if any. */
export async function personByExternalId(db: Kysely<Database>, issuer: string, sub: string) {
  return db
    .selectFrom('users')
    .select(['uid', 'email'])
    .where('external_issuer', '=', issuer)
    .where('external_id', '=', sub)
    .executeTakeFirst();
}

/** The oldest person holding `email` (matched without regard to case), with their own provider link. */
export async function personByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['uid', 'external_issuer', 'external_id'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Links `uid` to the provider's `sub` (a person who had a row already, matched by verified email);
 * `source` is set only for a person this sign-in made.
 */
export async function linkPerson(
  db: Kysely<Database>,
  uid: string,
  link: { issuer: string; sub: string; newcomer: boolean; source: 'oidc' | 'saml' },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      external_issuer: link.issuer,
      external_id: link.sub,
      ...(link.newcomer ? { source: link.source } : {}),
    })
    .where('uid', '=', uid)
    .execute();
}
