import type { Author, Insights, PlaybackRange, SeenBy } from './conversation';

/** One stored beacon range. */
export interface PlaybackRow extends PlaybackRange {
  sessionId: string;
  viewerKey: string;
  /** Signed-in viewers only. */
  person?: Author;
  at: Date;
}

const RETENTION_BUCKETS = 20;

/** Ranges merged where they overlap or touch, in order. */
export function mergeRanges(ranges: readonly PlaybackRange[]): PlaybackRange[] {
  const sorted = [...ranges].sort((a, b) => a.startSeconds - b.startSeconds);
  const merged: PlaybackRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.startSeconds <= last.endSeconds) last.endSeconds = Math.max(last.endSeconds, range.endSeconds);
    else merged.push({ ...range });
  }
  return merged;
}

const covered = (ranges: readonly PlaybackRange[]) =>
  mergeRanges(ranges).reduce((sum, range) => sum + range.endSeconds - range.startSeconds, 0);

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Insights from playback beacons: a viewing is one session (one page's playback), a viewer one
 * viewer key. Shares are of `durationSeconds` (or, unknown, of the furthest moment watched).
 * `viewerKeys` are those RecordView counted: unique viewers are everyone either source knows (the
 * two share keys: `user:<uid>`, `anon:<browser id>`, `link:…`), so a signed-out viewer whose
 * playback report was lost is still one of them rather than a view by nobody.
 */
export function playbackInsights(
  rows: readonly PlaybackRow[],
  views: number,
  durationSeconds: number,
  viewerKeys: readonly string[] = [],
): Insights {
  const duration = durationSeconds > 0 ? durationSeconds : Math.max(0, ...rows.map((row) => row.endSeconds));
  const share = (seconds: number) => (duration > 0 ? Math.min(1, seconds / duration) : 0);
  const sessions = [...groupBy(rows, (row) => row.sessionId).values()].map(mergeRanges);

  const seenBy: SeenBy[] = [
    ...groupBy(
      rows.filter((row) => row.person),
      (row) => row.person!.uid,
    ).values(),
  ]
    .map((mine) => {
      const watchedSeconds = covered(mine);
      return {
        person: mine[0]!.person!,
        watchedSeconds,
        shareWatched: share(watchedSeconds),
        lastWatchedAt: new Date(Math.max(...mine.map((row) => row.at.getTime()))),
      };
    })
    .sort((a, b) => b.lastWatchedAt.getTime() - a.lastWatchedAt.getTime());

  const width = duration / RETENTION_BUCKETS;
  const retention =
    duration > 0
      ? Array.from({ length: RETENTION_BUCKETS }, (_, index) => {
          const startSeconds = index * width;
          const endSeconds = index === RETENTION_BUCKETS - 1 ? duration : (index + 1) * width;
          const viewers = sessions.filter((ranges) =>
            ranges.some((range) => range.startSeconds < endSeconds && range.endSeconds > startSeconds),
          ).length;
          return { startSeconds, endSeconds, viewers };
        })
      : [];

  const shares = sessions.map((ranges) => share(covered(ranges)));
  return {
    views,
    uniqueViewers: new Set([...viewerKeys, ...rows.map((row) => row.viewerKey)]).size,
    seenBy,
    averageShareWatched: shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : 0,
    retention,
    durationSeconds: duration,
  };
}
