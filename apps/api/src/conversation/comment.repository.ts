import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  CommentTable,
  ConversationEventKind,
  NotificationKind,
  NotificationTable,
  PlaybackRangeTable,
  ReactionTable,
} from './comment.table';
import type { Database } from '../platform/db/schema';

export type CommentRow = Selectable<CommentTable>;
export type ReactionRow = Selectable<ReactionTable>;
export type NotificationRow = Selectable<NotificationTable> & { video_title: string };

const MAX_LISTED_COMMENTS = 10_000;
const MAX_LISTED_REACTIONS = 5_000;

export const findComment = (db: Kysely<Database>, id: string) =>
  db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();

export const findReaction = (db: Kysely<Database>, id: string) =>
  db.selectFrom('reactions').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * A video's comments as one answer (ListComments without a page size): its first top-level
 * comments with their replies, up to 10,000 rows; `next` says where the rest continue.
 */
export const listComments = (db: Kysely<Database>, videoId: string) =>
  listCommentPage(db, videoId, undefined, MAX_LISTED_COMMENTS, MAX_LISTED_COMMENTS);

/** Where a page of comments ends: its last top-level comment's place in the video's order. */
export interface CommentPagePlace {
  momentSeconds: number;
  /** created_at as PostgreSQL writes it: a Date would lose its microseconds. */
  createdAt: string;
  id: string;
}

/**
 * Up to `limit` top-level comments after `after` (the start when undefined), by moment, age and
 * id, with every reply under them (by age); `next` is set when more follow. Deleted ones come too
 * (the caller shows one only while a reply stands under it): asking for that here made PostgreSQL
 * hash every reply of the video for each page. With `maxRows`, the page ends before the comment
 * whose replies would take it past that many rows (it keeps at least one comment), and `next`
 * starts there.
 */
export async function listCommentPage(
  db: Kysely<Database>,
  videoId: string,
  after: CommentPagePlace | undefined,
  limit: number,
  maxRows = Number.POSITIVE_INFINITY,
): Promise<{ rows: CommentRow[]; next?: CommentPagePlace }> {
  const top = await db
    .selectFrom('comments')
    .selectAll()
    .select(sql<string>`created_at::text`.as('created_key'))
    .where('video_id', '=', videoId)
    .where('parent_id', 'is', null)
    .$if(after !== undefined, (qb) =>
      qb.where(
        sql<boolean>`(moment_seconds, created_at, id) > (${after!.momentSeconds}, ${after!.createdAt}::timestamptz, ${after!.id})`,
      ),
    )
    .orderBy('moment_seconds')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  let page = top.slice(0, limit);
  const replies =
    page.length === 0
      ? []
      : await db
          .selectFrom('comments')
          .selectAll()
          .where(
            'parent_id',
            'in',
            page.map((row) => row.id),
          )
          .where('deleted_at', 'is', null)
          .orderBy('created_at')
          .execute();
  let more = top.length > limit;
  const fitting = commentsWithin(page, replies, maxRows);
  if (fitting < page.length) {
    page = page.slice(0, fitting);
    more = true;
  }
  const kept = new Set(page.map((row) => row.id));
  const last = page.at(-1);
  const rows = [
    ...page.map(({ created_key: _key, ...row }) => row),
    ...replies.filter((reply) => kept.has(reply.parent_id!)),
  ];
  return more && last
    ? { rows, next: { momentSeconds: last.moment_seconds, createdAt: last.created_key, id: last.id } }
    : { rows };
}

/** How many of `page`'s comments, with their replies, fit in `maxRows` rows (at least one). */
function commentsWithin(page: readonly { id: string }[], replies: readonly CommentRow[], maxRows: number): number {
  if (!Number.isFinite(maxRows)) return page.length;
  const repliesOf = new Map<string, number>();
  for (const reply of replies) repliesOf.set(reply.parent_id!, (repliesOf.get(reply.parent_id!) ?? 0) + 1);
  let rows = 0;
  for (const [index, comment] of page.entries()) {
    rows += 1 + (repliesOf.get(comment.id) ?? 0);
    if (rows > maxRows) return Math.max(1, index);
  }
  return page.length;
}

/** A video's latest reactions, by moment. */
export const listReactions = async (db: Kysely<Database>, videoId: string) =>
  (
    await db
      .selectFrom('reactions')
      .selectAll()
      .where('video_id', '=', videoId)
      .orderBy('created_at', 'desc')
      .limit(MAX_LISTED_REACTIONS)
      .execute()
  ).sort((a, b) => a.moment_seconds - b.moment_seconds);

/** How many stretches the moment counts split a video into (each 2% of its length). */
export const MOMENT_STRETCHES = 50;

/**
 * The video's comments (not replies, not deleted ones) and reactions counted per stretch of
 * `durationSeconds` (each 1/MOMENT_STRETCHES of it; 1 s when the length is unknown), with each
 * stretch's earliest moment: one grouped query over the video's rows (the comment page index and
 * the reactions' video index find them), never the rows themselves.
 */
export async function momentCounts(
  db: Kysely<Database>,
  videoId: string,
  durationSeconds: number,
): Promise<{ momentSeconds: number; count: number }[]> {
  const stretch = durationSeconds > 0 ? durationSeconds / MOMENT_STRETCHES : 1;
  const last = durationSeconds > 0 ? MOMENT_STRETCHES - 1 : Number.MAX_SAFE_INTEGER;
  const { rows } = await sql<{ moment_seconds: number; count: string | number }>`
    select min(moment_seconds) as moment_seconds, count(*) as count
    from (
      select moment_seconds from comments
      where video_id = ${videoId} and parent_id is null and deleted_at is null
      union all
      select moment_seconds from reactions where video_id = ${videoId}
    ) moments
    group by least(floor(moment_seconds / ${stretch}::float8), ${last}::float8)
    order by 1`.execute(db);
  return rows.map((row) => ({ momentSeconds: Number(row.moment_seconds), count: Number(row.count) }));
}

export const insertComment = (db: Kysely<Database>, row: Omit<CommentRow, 'created_at' | 'edited_at' | 'deleted_at'>) =>
  db.insertInto('comments').values(row).returningAll().executeTakeFirstOrThrow();

export const insertReaction = (db: Kysely<Database>, row: Omit<ReactionRow, 'created_at'>) =>
  db.insertInto('reactions').values(row).returningAll().executeTakeFirstOrThrow();

export const editComment = (db: Kysely<Database>, id: string, text: string) =>
  db
    .updateTable('comments')
    .set({ text, edited_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Marks it deleted and forgets its text. */
export const deleteComment = (db: Kysely<Database>, id: string) =>
  db
    .updateTable('comments')
    .set({ text: '', deleted_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

export async function commentsEnabled(db: Kysely<Database>, videoId: string): Promise<boolean> {
  const row = await db.selectFrom('videos').select('comments_enabled').where('id', '=', videoId).executeTakeFirst();
  return row?.comments_enabled ?? false;
}

export const setCommentsEnabled = (db: Kysely<Database>, videoId: string, enabled: boolean) =>
  db.updateTable('videos').set({ comments_enabled: enabled }).where('id', '=', videoId).execute();

/** Numbers a change of the video's conversation (for live streams and their catch-up). */
/** The channel a change of a video's conversation is NOTIFYed on (its payload: the video's id). */
export const CONVERSATION_CHANNEL = 'conversation_changed';

/**
 * Numbers a change of the video's conversation, and NOTIFYs it: inside the caller's transaction,
 * PostgreSQL sends it on commit, so a listening process reads the change as soon as it hears.
 */
export async function addEvent(db: Kysely<Database>, videoId: string, kind: ConversationEventKind, subjectId = '') {
  await db.insertInto('conversation_events').values({ video_id: videoId, kind, subject_id: subjectId }).execute();
  await sql`select pg_notify(${CONVERSATION_CHANNEL}, ${videoId})`.execute(db);
}

export async function lastEventSeq(db: Kysely<Database>, videoId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export const eventsAfter = async (db: Kysely<Database>, videoId: string, after: number, limit: number) =>
  (
    await db
      .selectFrom('conversation_events')
      .select(['seq', 'kind', 'subject_id'])
      .where('video_id', '=', videoId)
      .where('seq', '>', after as never)
      .orderBy('seq')
      .limit(limit)
      .execute()
  ).map((row) => ({ seq: Number(row.seq), kind: row.kind, subjectId: row.subject_id }));

export const insertNotifications = async (
  db: Kysely<Database>,
  rows: (Omit<Selectable<NotificationTable>, 'created_at' | 'read_at' | 'mailed_at'> & { kind: NotificationKind })[],
) => {
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
};

export const listNotifications = (db: Kysely<Database>, uid: string, limit: number): Promise<NotificationRow[]> =>
  db
    .selectFrom('notifications')
    .innerJoin('videos', 'videos.id', 'notifications.video_id')
    .selectAll('notifications')
    .select('videos.title as video_title')
    .where('notifications.recipient_uid', '=', uid)
    .orderBy('notifications.created_at', 'desc')
    .limit(limit)
    .execute();

export async function unreadCount(db: Kysely<Database>, uid: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('recipient_uid', '=', uid)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks the recipient's notifications `ids` (all of them when undefined) read. */
export async function markRead(db: Kysely<Database>, uid: string, ids: readonly string[] | undefined): Promise<void> {
  if (ids !== undefined && ids.length === 0) return;
  let query = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('recipient_uid', '=', uid)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

export const insertPlaybackRanges = (db: Kysely<Database>, rows: Insertable<PlaybackRangeTable>[]) =>
  db.insertInto('playback_ranges').values(rows).execute();

/** Every playback range of a video with the viewer's name (signed-in viewers), at most 100,000. */
export const playbackOf = (db: Kysely<Database>, videoId: string) =>
  db
    .selectFrom('playback_ranges')
    .leftJoin('users', 'users.uid', 'playback_ranges.uid')
    .select([
      'playback_ranges.session_id',
      'playback_ranges.viewer_key',
      'playback_ranges.uid',
      'playback_ranges.start_seconds',
      'playback_ranges.end_seconds',
      'playback_ranges.viewer_label',
      'playback_ranges.created_at',
      sql<string>`coalesce(users.display_name, '')`.as('display_name'),
      sql<string>`coalesce(users.photo_url, '')`.as('photo_url'),
    ])
    .where('playback_ranges.video_id', '=', videoId)
    .limit(100_000)
    .execute();

/**
 * Everyone RecordView counted for the video (signed-in, named link or anonymous browser): a
 * viewer whose playback report never arrived (a tab closed after 3 s) still watched.
 */
export const viewerKeysOf = async (db: Kysely<Database>, videoId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('video_views')
      .select('viewer_key')
      .distinct()
      .where('video_id', '=', videoId)
      .limit(100_000)
      .execute()
  ).map((row) => row.viewer_key);
