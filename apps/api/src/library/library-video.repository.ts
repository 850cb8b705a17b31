import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { mainLinkColumns, videoColumns } from '../videos';
import type { VideoRow, VideoStatus, VideoVisibility } from '../videos';
import type { Database } from '../platform/db/schema';

// The library's queries over videos: filtered, searched and sorted lists, and changes
// to many videos at once. `db` may be a transaction.

export type VideoOrder = 'relevance' | 'newest' | 'oldest' | 'title' | 'longest';

export interface VideoFilter {
  /** A tsquery in the 'simple' configuration (every word a prefix, all of them), or undefined. */
  tsquery?: string;
  /** undefined: any folder; null: the root only. */
  folderId?: string | null;
  /** Videos carrying every one of these tags. */
  tagIds: string[];
  /**
   * In a team's library: videos carrying a tag of every one of these names (lower
   * case), whoever's tag it is; each member tags their own videos with their own tags.
   */
  tagNames?: string[];
  status?: VideoStatus;
  visibility?: VideoVisibility;
  order: VideoOrder;
}

type VideosQuery = SelectQueryBuilder<Database, 'videos', object>;

/** Whose library: a person's own videos, or (with `teamId`) every video in a team. */
export interface LibraryScope {
  userId: string;
  teamId?: string;
}

/**
 * Which of a search's two kinds of match: by title or description (the videos' own
 * search index), or only by what was said (the transcript's index, videos whose title does not
 * match). Queried apart, each side gets its own plan: as one `or`, PostgreSQL could use neither
 * index and read every video of the library to find a rare word (at 100,000 videos, 150 ms on
 * PostgreSQL and 560 ms on PGlite, against 1 to 3 ms apart).
 */
type SearchSide = 'title' | 'transcript' | 'common title';

function filtered(
  db: Kysely<Database>,
  scope: LibraryScope,
  filter: VideoFilter,
  side: SearchSide = 'title',
): VideosQuery {
  let query: VideosQuery =
    scope.teamId !== undefined
      ? db.selectFrom('videos').where('videos.team_id', '=', scope.teamId)
      : db.selectFrom('videos').where('videos.user_id', '=', scope.userId);
  if (filter.tsquery !== undefined) {
    const tsquery = filter.tsquery;
    const titleMatch = sql<boolean>`videos.search_vector @@ to_tsquery('simple', ${tsquery})`;
    query =
      side === 'common title'
        ? // The same test as a function, which no index answers: the library is read newest first.
          query.where(sql<boolean>`ts_match_vq(videos.search_vector, to_tsquery('simple', ${tsquery}))`)
        : side === 'title'
          ? query.where(titleMatch)
          : query.where(sql<boolean>`not (${titleMatch})`).where((eb) =>
              eb.exists(
                eb
                  .selectFrom('transcript_segments')
                  .select(sql`1`.as('one'))
                  .whereRef('transcript_segments.video_id', '=', 'videos.id')
                  .where(sql<boolean>`transcript_segments.search_vector @@ to_tsquery('simple', ${tsquery})`),
              ),
            );
  }
  if (filter.folderId !== undefined) {
    query =
      filter.folderId === null ? query.where('folder_id', 'is', null) : query.where('folder_id', '=', filter.folderId);
  }
  // Every tag asked for, by id or by name (its key): the video carries each of them.
  const tags = [
    ...filter.tagIds.map((id) => ['video_tags.tag_id', id] as const),
    ...(filter.tagNames ?? []).map((name) => ['video_tags.tag_key', name] as const),
  ];
  for (const [column, value] of tags) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('video_tags')
          .select(sql`1`.as('one'))
          .whereRef('video_tags.video_id', '=', 'videos.id')
          .where(column, '=', value),
      ),
    );
  }
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.visibility) query = query.where('visibility', '=', filter.visibility);
  return query;
}

function ordered<Q extends VideosQuery>(query: Q, filter: VideoFilter): Q {
  const order = filter.order === 'relevance' && filter.tsquery === undefined ? 'newest' : filter.order;
  switch (order) {
    case 'relevance':
      return query
        .orderBy(sql`ts_rank(search_vector, to_tsquery('simple', ${filter.tsquery}))`, 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc') as Q;
    case 'oldest':
      return query.orderBy('created_at', 'asc').orderBy('seq', 'asc') as Q;
    case 'title':
      return query.orderBy(sql`lower(title)`).orderBy('seq', 'asc') as Q;
    case 'longest':
      return query
        .orderBy(sql`duration_seconds desc nulls last`)
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc') as Q;
    default:
      return query.orderBy('created_at', 'desc').orderBy('seq', 'desc') as Q;
  }
}

/**
 * Matches are counted up to this many (a count past it says "more"), and ranked by relevance only
 * up to it: past it, newest first. Counting and ranking every match of a common word costs time in
 * proportion to the library (at 100,000 videos, a word in half the titles took 90 ms to rank and
 * 50 ms to count on PostgreSQL); up to the cap, the cost stays that of a small library.
 */
export const MAX_COUNTED_MATCHES = 1000;

/**
 * One page of the videos of `scope` that pass `filter`, whether another follows, and how many pass
 * (up to MAX_COUNTED_MATCHES + 1, meaning more than the cap).
 */
export async function listFilteredVideos(
  db: Kysely<Database>,
  scope: LibraryScope,
  filter: VideoFilter,
  page: { size: number; number: number },
): Promise<{ rows: VideoRow[]; hasMore: boolean; total: number }> {
  if (filter.tsquery !== undefined) return listSearchedVideos(db, scope, filter, page);
  const base = filtered(db, scope, filter);
  const total = await countMatches(db, base, filter, scope);
  const rows = await ordered(base.selectAll('videos').select(videoColumns), filter)
    .limit(page.size + 1)
    .offset(page.size * page.number)
    .execute();
  return { rows: rows.slice(0, page.size), hasMore: rows.length > page.size, total };
}

/**
 * A search: the matches by title and those only by transcript (SearchSide) counted apart and, for
 * the page, the first pages' worth of each merged in the same order. The two never share a video.
 */
async function listSearchedVideos(
  db: Kysely<Database>,
  scope: LibraryScope,
  filter: VideoFilter,
  page: { size: number; number: number },
): Promise<{ rows: VideoRow[]; hasMore: boolean; total: number }> {
  const titleSide = (await inManyVideos(db, filter.tsquery!)) ? 'common title' : 'title';
  const sides = [filtered(db, scope, filter, titleSide), filtered(db, scope, filter, 'transcript')];
  let total = 0;
  for (const side of sides) total += await countMatches(db, side, filter, scope);
  total = Math.min(total, MAX_COUNTED_MATCHES + 1);
  const order = filter.order === 'relevance' && total > MAX_COUNTED_MATCHES ? 'newest' : filter.order;
  const firstPages = page.size * (page.number + 1) + 1;
  const [byTitle, byTranscript] = sides.map((side) =>
    ordered(side.select('videos.id'), { ...filter, order }).limit(firstPages),
  );
  const rows = await ordered(
    db
      .selectFrom('videos')
      .where(
        sql<boolean>`videos.id in (select id from ${byTitle} as by_title union all select id from ${byTranscript} as by_transcript)`,
      )
      .selectAll('videos')
      .select(videoColumns),
    { ...filter, order },
  )
    .limit(page.size + 1)
    .offset(page.size * page.number)
    .execute();
  return { rows: rows.slice(0, page.size), hasMore: rows.length > page.size, total };
}

/** Words in at least this share of all videos are "common" (see inManyVideos). */
const COMMON_WORD_SHARE = 0.1;

/**
 * Whether every word of `tsquery` (each a prefix) is in at least COMMON_WORD_SHARE of the videos,
 * by the database's own statistics of the search column (nothing when it has none). Such a search
 * is answered by reading the library newest first, which finds the MAX_COUNTED_MATCHES + 1 matches
 * to count after a few thousand videos at most; through the search index it would collect every
 * match in the database first. PostgreSQL cannot tell the two apart for a prefix: it guesses a
 * prefix in 2% of rows, so "meeting:*" (in half the titles) took 80 ms through the index at
 * 100,000 videos against 2 ms newest first. A rare word still goes through the index.
 */
async function inManyVideos(db: Kysely<Database>, tsquery: string): Promise<boolean> {
  const words = tsquery.split(' & ').map((term) => term.replace(/:\*$/, ''));
  const shares = await sql<{ word: string; share: number | string }>`
    select w.word, sum(e.share) as share
    from unnest(${words}::text[]) as w(word)
    join pg_stats s on s.schemaname = current_schema() and s.tablename = 'videos' and s.attname = 'search_vector'
    cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(element, share)
    where starts_with(e.element, w.word)
    group by w.word`.execute(db);
  const share = new Map(shares.rows.map((row) => [row.word, Number(row.share)]));
  return words.every((word) => (share.get(word) ?? 0) >= COMMON_WORD_SHARE);
}

/** How many videos pass (up to MAX_COUNTED_MATCHES + 1). */
async function countMatches(
  db: Kysely<Database>,
  base: VideosQuery,
  filter: VideoFilter,
  scope: LibraryScope,
): Promise<number> {
  const noOtherFilter =
    filter.tsquery === undefined && filter.folderId === undefined && !filter.status && !filter.visibility;
  const onlyTags = filter.tagIds.length > 0 && !filter.tagNames?.length && noOtherFilter;
  const onlyTeamTags = scope.teamId !== undefined && (filter.tagNames?.length ?? 0) > 0 && noOtherFilter;
  // Tags alone: counted in video_tags without the videos. A tag id is the user's (the service
  // resolved it among theirs) and only ever links the user's own videos, so the count is the
  // same; through videos, PostgreSQL hashes the whole library (33 ms at 100,000 against 1 ms).
  const cap = MAX_COUNTED_MATCHES + 1;
  if (onlyTeamTags) {
    // A team's tags by name: the first name's range of video_tags_team_tag_idx, in video order and
    // read only up to the cap (each link carries its video's team and its tag's name, migration
    // 20261126010000), each other name checked per video. At 100,000 team videos: 600 buffers,
    // against 18,000 joining every link of that name in the database to its video's team.
    const [first, ...others] = filter.tagNames!;
    let links = db
      .selectFrom('video_tags as first')
      .select('first.video_id')
      .where('first.team_id', '=', scope.teamId!)
      .where('first.tag_key', '=', first!);
    for (const name of others)
      links = links.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('video_tags as other')
            .select(sql`1`.as('one'))
            .whereRef('other.video_id', '=', 'first.video_id')
            .where('other.tag_key', '=', name),
        ),
      );
    const matched = links.groupBy('first.video_id').limit(cap).as('matches');
    const counted = await sql<{ n: string | number }>`select count(*) as n from ${matched}`.execute(db);
    return Number(counted.rows[0]?.n ?? 0);
  }
  const matches = onlyTags
    ? db
        .selectFrom('video_tags')
        .select('video_id')
        .where('tag_id', 'in', filter.tagIds)
        .groupBy('video_id')
        .having(sql<boolean>`count(*) = ${filter.tagIds.length}`)
        .limit(cap)
        .as('matches')
    : base
        .select(sql`1`.as('one'))
        .limit(cap)
        .as('matches');
  const counted = await sql<{ n: string | number }>`select count(*) as n from ${matches}`.execute(db);
  return Number(counted.rows[0]?.n ?? 0);
}

/**
 * Those of `ids` that exist, with what the policy needs to know of them, held against concurrent
 * changes until the transaction `db` ends.
 */
export async function lockVideos(db: Kysely<Database>, ids: string[]) {
  return db
    .selectFrom('videos')
    .select(['id', 'user_id', 'visibility', 'team_id'])
    .select(mainLinkColumns)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setVideosFields(
  db: Kysely<Database>,
  ids: string[],
  fields: { folder_id?: string | null; visibility?: VideoVisibility },
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db
    .updateTable('videos')
    .set({ ...fields, updated_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
}

/** Revokes the signed URLs handed out for `ids` (their link generation goes up). */
export async function revokeLinks(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('videos')
    .set({ link_generation: sql<number>`link_generation + 1` })
    .where('id', 'in', ids)
    .execute();
}

export async function findVideos(db: Kysely<Database>, ids: string[]): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('videos').selectAll().select(videoColumns).where('id', 'in', ids).execute();
}
