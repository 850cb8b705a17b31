import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** How a deleted uid is kept: its SHA-256 (a Firebase uid is random, so the hash names nobody). */
export const uidHash = (uid: string) => createHash('sha256').update(uid).digest('hex');

/** Records that `uid`'s account was deleted (in the deletion's transaction). */
export async function tombstone(db: Kysely<Database>, uid: string): Promise<void> {
  await db
    .insertInto('deleted_accounts')
    .values({ uid_hash: uidHash(uid) })
    .onConflict((oc) => oc.column('uid_hash').doNothing())
    .execute();
}

/** Whether `uid`'s account was deleted here. */
export async function wasDeleted(db: Kysely<Database>, uid: string): Promise<boolean> {
  const row = await db
    .selectFrom('deleted_accounts')
    .select('uid_hash')
    .where('uid_hash', '=', uidHash(uid))
    .executeTakeFirst();
  return row !== undefined;
}
