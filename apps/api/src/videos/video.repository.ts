import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { NewVideoRow, VideoRow, VideoRowUpdate } from './video.table';
import type { Database } from '../platform/db/schema';

// Plain functions over the videos table; `db` may be a transaction.

/** Whether the video has an asset of one of `kinds`, as a column of a query on videos. */
const hasAsset = (eb: ExpressionBuilder<Database, 'videos'>, kinds: string[]) =>
  eb
    .exists(
      eb
        .selectFrom('media_assets')
        .select(sql`1`.as('one'))
        .whereRef('media_assets.video_id', '=', 'videos.id')
        .where('media_assets.kind', 'in', kinds as never),
    )
    .$castTo<boolean>();

/** The video's tag names, alphabetically. */
const tagNames = sql<string[]>`array(
  select tags.name from video_tags join tags on tags.id = video_tags.tag_id
  where video_tags.video_id = videos.id order by lower(tags.name))`;

/** The name of the video's team; null for a personal video. */
const teamName = sql<string | null>`(select teams.name from teams where teams.id = videos.team_id)`;

/** The type of what the original's download gives: the kept upload, else the playable version. */
const originalContentType = sql<string | null>`(
  select content_type from media_assets where media_assets.video_id = videos.id
  and kind in ('original', 'playable') order by kind = 'original' desc limit 1)`;

/** A column of the video's main share link: sharing keeps it as a share_links row flagged is_main. */
const mainLink = <T>(column: string) =>
  sql<T>`(select ${sql.ref(`share_links.${column}`)} from share_links
    where share_links.video_id = videos.id and share_links.is_main)`;

/** The video's main share link, as a query on videos selects it (nulls when it has none). */
export const mainLinkColumns = () => [
  mainLink<string | null>('token').as('share_token'),
  mainLink<Date | null>('expires_at').as('share_expires_at'),
  mainLink<string | null>('password_hash').as('share_password_hash'),
  sql<boolean>`coalesce(${mainLink<boolean>('email_gate')}, false)`.as('share_email_gate'),
];

export const videoColumns = (eb: ExpressionBuilder<Database, 'videos'>) => [
  hasAsset(eb, ['playable', 'original']).as('has_video'),
  originalContentType.as('original_content_type'),
  hasAsset(eb, ['thumbnail']).as('has_thumbnail'),
  tagNames.as('tags'),
  teamName.as('team_name'),
  ...mainLinkColumns(),
];

export async function insertVideo(db: Kysely<Database>, row: NewVideoRow): Promise<VideoRow> {
  return db.insertInto('videos').values(row).returningAll().returning(videoColumns).executeTakeFirstOrThrow();
}

/** The video `userId` uploaded with Idempotency-Key `key`, if it still exists. */
export async function findVideoByClientUploadId(
  db: Kysely<Database>,
  userId: string,
  key: string,
): Promise<VideoRow | undefined> {
  return db
    .selectFrom('videos')
    .selectAll()
    .select(videoColumns)
    .where('user_id', '=', userId)
    .where('client_upload_id', '=', key)
    .executeTakeFirst();
}

export async function findVideo(db: Kysely<Database>, id: string): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().select(videoColumns).where('id', '=', id).executeTakeFirst();
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
    .select(videoColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(page.size + 1)
    .offset(page.size * page.number)
    .execute();
  return { rows: rows.slice(0, page.size), hasMore: rows.length > page.size };
}

/** `revokeLinks`: in the same statement, the signed URLs handed out so far stop working (link_generation + 1). */
export async function updateVideo(
  db: Kysely<Database>,
  id: string,
  changes: VideoRowUpdate,
  options: { revokeLinks?: boolean } = {},
): Promise<VideoRow | undefined> {
  return db
    .updateTable('videos')
    .set({
      ...changes,
      updated_at: sql<Date>`now()`,
      ...(options.revokeLinks ? { link_generation: sql<number>`link_generation + 1` } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .returning(videoColumns)
    .executeTakeFirst();
}

/**
 * Updates only while the video is still PROCESSING (a deleted or finished video is left alone). A
 * change of status ends the processing, so its progress is cleared with it.
 */
export async function updateProcessingVideo(
  db: Kysely<Database>,
  id: string,
  changes: VideoRowUpdate,
): Promise<boolean> {
  const ends = changes.status !== undefined && changes.status !== 'PROCESSING';
  const result = await db
    .updateTable('videos')
    .set({ ...changes, ...(ends && { processing_progress: null }), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'PROCESSING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * How far a PROCESSING video's processing got, in percent; only ever raised (a retried
 * attempt starting over leaves the figure until it passes it), and never touches `updated_at`
 * (nothing of the video changed). False when the video is gone, done, or already further.
 */
export async function raiseProcessingProgress(db: Kysely<Database>, id: string, percent: number): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({ processing_progress: percent })
    .where('id', '=', id)
    .where('status', '=', 'PROCESSING')
    .where((eb) => eb.or([eb('processing_progress', 'is', null), eb('processing_progress', '<', percent)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the storyboard layout of a READY video; false when it is gone or not READY. */
export async function setReadyVideoStoryboard(db: Kysely<Database>, id: string, layout: string): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({ storyboard: layout, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'READY')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Holds the row against concurrent changes until the transaction `db` ends; false when absent. */
export async function lockVideo(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('videos').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function deleteVideo(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('videos').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the video; resolves with whether a resumable upload of it was in progress, undefined if there was no video. */
export async function deleteVideoReturningUpload(
  db: Kysely<Database>,
  id: string,
): Promise<{ uploading: boolean } | undefined> {
  const row = await db.deleteFrom('videos').where('id', '=', id).returning('upload_active_at').executeTakeFirst();
  return row && { uploading: row.upload_active_at !== null };
}

/**
 * Counts `viewerKey`'s view in the current hour unless it was counted already, in one statement
 * (the insert and the counter move together; concurrent calls meet at the unique key). With
 * `from`, an anonymous viewer's client address (a digest): not counted either once that address
 * has `max` views of the video this hour, checked under a lock per video and address so that
 * concurrent calls cannot all pass. Returns the video's view count, or undefined when the video is gone.
 */
export async function recordView(
  db: Kysely<Database>,
  videoId: string,
  viewerKey: string,
  from?: { address: string; max: number },
): Promise<number | undefined> {
  if (from) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`views:${videoId}:${from.address}`}))`.execute(trx);
      return countView(trx, videoId, viewerKey, from);
    });
  }
  return countView(db, videoId, viewerKey);
}

async function countView(
  db: Kysely<Database>,
  videoId: string,
  viewerKey: string,
  from?: { address: string; max: number },
): Promise<number | undefined> {
  const address = from?.address ?? null;
  const underBound = from
    ? sql`and (select count(*) from video_views v where v.video_id = ${videoId}
          and v.hour = date_trunc('hour', now()) and v.viewer_address = ${address}) < ${from.max}`
    : sql``;
  const result = await sql<{ view_count: string | number }>`
    with counted as (
      insert into video_views (video_id, viewer_key, hour, viewer_address)
      select id, ${viewerKey}, date_trunc('hour', now()), ${address} from videos where id = ${videoId} ${underBound}
      on conflict do nothing
      returning 1
    )
    update videos set view_count = view_count + (select count(*) from counted)
    where id = ${videoId}
    returning view_count`.execute(db);
  const row = result.rows[0];
  return row ? Number(row.view_count) : undefined;
}

/** The current generation of the video's signed URLs; undefined when there is no such video. */
export async function findLinkGeneration(db: Kysely<Database>, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('videos').select('link_generation').where('id', '=', id).executeTakeFirst();
  return row?.link_generation;
}
