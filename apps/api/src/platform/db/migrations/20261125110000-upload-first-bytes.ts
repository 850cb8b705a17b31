import { sql, type Kysely } from 'kysely';

/**
 * When the first bytes of a resumable upload arrived; null while none have. An upload created but
 * never sent a byte is someone creating uploads to make rows: it expires after
 * UPLOAD_FIRST_BYTES_MINUTES rather than UPLOAD_EXPIRY_HOURS. Uploads in progress when this runs
 * count as having bytes, so they keep the expiry they were created under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('upload_bytes_at', 'timestamptz').execute();
  await sql`update videos set upload_bytes_at = upload_active_at where upload_active_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('upload_bytes_at').execute();
}
