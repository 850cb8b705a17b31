import { sql, type Insertable, type Kysely } from 'kysely';
import type { PlaybackRangeTable } from './playback-range.table';
import type { Database } from '../platform/db/schema';

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
