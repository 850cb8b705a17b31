import { sql, type Kysely } from 'kysely';
import type { ApiKeyScopeName } from './api-key.table';
import type { Database } from '../platform/db/schema';

export async function insertApiKey(
  db: Kysely<Database>,
  key: { id: string; uid: string; name: string; prefix: string; secretHash: string; scope: ApiKeyScopeName },
) {
  return db
    .insertInto('api_keys')
    .values({
      id: key.id,
      uid: key.uid,
      name: key.name,
      prefix: key.prefix,
      secret_hash: key.secretHash,
      scope: key.scope,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `uid`'s keys, newest first, revoked ones too. */
export async function listApiKeys(db: Kysely<Database>, uid: string) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('uid', '=', uid)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes `uid`'s key `id` (kept revoked if it already was); undefined when they have no such key. */
export async function revokeApiKey(db: Kysely<Database>, uid: string, id: string) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('uid', '=', uid)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The working key whose secret hashes to `secretHash`, with its owner's claims. */
export async function findWorkingKey(db: Kysely<Database>, secretHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.uid', 'api_keys.uid')
    .select(['api_keys.id', 'api_keys.uid', 'api_keys.scope', 'users.email', 'users.display_name'])
    .where('api_keys.secret_hash', '=', secretHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchApiKey(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
