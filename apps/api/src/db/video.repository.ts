import { sql, type Kysely } from 'kysely';
import type { Database, NewVideoRow, VideoRow, VideoRowUpdate } from './video.table';

// Plain functions over the videos table; `db` may be a transaction.

export async function insertVideo(db: Kysely<Database>, row: NewVideoRow): Promise<VideoRow> {
  return db.insertInto('videos').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findVideo(db: Kysely<Database>, id: string): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of a user's videos, newest first, plus whether another page follows. */
export async function listVideosOfUser(
  db: Kysely<Database>,
  userId: string,
  page: { size: number; number: number },
): Promise<{ rows: VideoRow[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('videos')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(page.size + 1)
    .offset(page.size * page.number)
    .execute();
  return { rows: rows.slice(0, page.size), hasMore: rows.length > page.size };
}

export async function updateVideo(db: Kysely<Database>, id: string, changes: VideoRowUpdate): Promise<VideoRow | undefined> {
  return db
    .updateTable('videos')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Updates only while the video is still PROCESSING (a deleted or finished video is left alone). */
export async function updateProcessingVideo(db: Kysely<Database>, id: string, changes: VideoRowUpdate): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'PROCESSING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteVideo(db: Kysely<Database>, id: string): Promise<VideoRow | undefined> {
  return db.deleteFrom('videos').where('id', '=', id).returningAll().executeTakeFirst();
}
