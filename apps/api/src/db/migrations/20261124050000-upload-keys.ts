import { sql, type Kysely } from 'kysely';

/**
 * The Idempotency-Key a whole-file upload came with, so a retry of an upload whose answer was lost
 * (the connection dropped after the video was stored) answers the same video instead of storing it
 * twice. Unique per user; null for every other video (partial index: they take no room in it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('upload_key', 'text').execute();
  await sql`create unique index videos_user_upload_key_idx on videos (user_id, upload_key) where upload_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_user_upload_key_idx').execute();
  await db.schema.alterTable('videos').dropColumn('upload_key').execute();
}
