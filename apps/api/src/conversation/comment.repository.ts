import { sql, type Kysely, type Selectable } from 'kysely';
import type { CommentTable } from './comment.table';
import type { Database } from '../platform/db/schema';

export type CommentRow = Selectable<CommentTable>;

const MAX_LISTED_COMMENTS = 10_000;

export const findComment = (db: Kysely<Database>, id: string) =>
  db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();

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
