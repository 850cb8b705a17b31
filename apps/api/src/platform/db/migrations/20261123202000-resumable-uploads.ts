import { sql, type Kysely } from 'kysely';

/**
 * A video can exist while its recording is still arriving through a resumable (tus)
 * upload. `upload_active_at` is set while such an upload is in progress (its last activity; null
 * otherwise), so any API process can expire abandoned ones; `upload_length` keeps the final
 * length of a finished one, so a client that lost the answer to its last request learns it is done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('upload_active_at', 'timestamptz')
    .addColumn('upload_length', 'bigint')
    .execute();
  await sql`create index videos_upload_active_at_idx on videos (upload_active_at) where upload_active_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_upload_active_at_idx').execute();
  await db.schema.alterTable('videos').dropColumn('upload_active_at').dropColumn('upload_length').execute();
}
