import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

// Plain functions over the resumable-upload columns of videos; `db` may be a transaction.

/** Where a video's resumable upload stands, for its owner; undefined when there is no such video. */
export interface UploadState {
  userId: string;
  /** True while bytes may still be appended. */
  active: boolean;
  /** The final length once finished; undefined while active or for a video not uploaded this way. */
  length?: number;
}

export async function findUploadState(db: Kysely<Database>, id: string): Promise<UploadState | undefined> {
  const row = await db
    .selectFrom('videos')
    .select(['user_id', 'upload_active_at', 'upload_length'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.user_id,
    active: row.upload_active_at !== null,
    ...(row.upload_length !== null ? { length: Number(row.upload_length) } : {}),
  };
}

/** Records activity on an upload still in progress; `bytes`: bytes are arriving (the first time, it is noted). */
export async function touchUpload(db: Kysely<Database>, id: string, bytes = false): Promise<void> {
  await db
    .updateTable('videos')
    .set({
      upload_active_at: sql<Date>`now()`,
      ...(bytes ? { upload_bytes_at: sql<Date>`coalesce(upload_bytes_at, now())` } : {}),
    })
    .where('id', '=', id)
    .where('upload_active_at', 'is not', null)
    .execute();
}

/** Ends an upload in progress with its final length; false if it was not in progress (or gone). */
export async function finishUpload(db: Kysely<Database>, id: string, length: number): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({ upload_active_at: null, upload_length: length, size_bytes: length, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('upload_active_at', 'is not', null)
    .where('status', '=', 'PROCESSING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * When an upload in progress counts as abandoned: no activity since `idleBefore`, or not a byte
 * received and idle since `emptyBefore` (created to make a row, or by a client that never sent).
 */
export interface Abandoned {
  idleBefore: Date;
  emptyBefore: Date;
}

const abandoned = ({ idleBefore, emptyBefore }: Abandoned) =>
  sql<boolean>`(upload_active_at < ${idleBefore} or (upload_bytes_at is null and upload_active_at < ${emptyBefore}))`;

/** Ids of abandoned uploads. */
export async function findAbandonedUploads(db: Kysely<Database>, when: Abandoned, limit = 500): Promise<string[]> {
  const rows = await db
    .selectFrom('videos')
    .select('id')
    .where('upload_active_at', 'is not', null)
    .where(abandoned(when))
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the video if its upload is still in progress and abandoned. */
export async function deleteAbandonedUpload(db: Kysely<Database>, id: string, when: Abandoned): Promise<boolean> {
  const result = await db
    .deleteFrom('videos')
    .where('id', '=', id)
    .where('upload_active_at', 'is not', null)
    .where(abandoned(when))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the video if its upload is still in progress (the owner gave it up). */
export async function deleteActiveUpload(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('videos')
    .where('id', '=', id)
    .where('upload_active_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
