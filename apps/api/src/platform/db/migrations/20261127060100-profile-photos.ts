import type { Kysely } from 'kysely';

/**
 * A profile photo uploaded in /settings. `photo_key` is its blob's id; while it is set,
 * `photo_url` holds the photo's signed URL and the ID token's picture no longer overwrites it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('photo_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('photo_key').execute();
}
