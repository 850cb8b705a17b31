import { sql, type Kysely } from 'kysely';

/**
 * Deleting a folder sets `folder_id` to null on its videos (`on delete set null`). PostgreSQL finds
 * those rows by `folder_id` alone, which the (user_id, folder_id, ...) index cannot answer: without
 * this index every folder delete scanned every video. Partial: videos outside any folder (most)
 * take no room in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index videos_folder_id_idx on videos (folder_id) where folder_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_folder_id_idx').execute();
}
