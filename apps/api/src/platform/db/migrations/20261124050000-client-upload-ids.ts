import { sql, type Kysely } from 'kysely';

/**
 * The Idempotency-Key a whole-file upload came with: the client's id for its upload (no storage
 * key), so a retry of an upload whose answer was lost (the connection dropped after the video was
 * stored) answers the same video instead of storing it twice. Unique per user; null for every
 * other video (partial index: they take no room in it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('client_upload_id', 'text').execute();
  await sql`create unique index videos_user_client_upload_id_idx on videos (user_id, client_upload_id) where client_upload_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_user_client_upload_id_idx').execute();
  await db.schema.alterTable('videos').dropColumn('client_upload_id').execute();
}
