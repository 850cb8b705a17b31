import { describe, expect, it } from 'vitest';
import { mergeRanges, playbackInsights, type PlaybackRow } from './playback-insights';
import { PersonRateLimit } from '../platform/rate-limits/person-rate-limit';
import { MemoryRateLimitCounter } from '../platform/rate-limits/rate-limit-counter';

const row = (
  sessionId: string,
  viewerKey: string,
  startSeconds: number,
  endSeconds: number,
  name?: string,
): PlaybackRow => ({
  sessionId,
  viewerKey,
  startSeconds,
  endSeconds,
  at: new Date(0),
  person: name ? { uid: viewerKey, displayName: name, photoUrl: '' } : undefined,
});

describe('playback insights', () => {
  it('merges overlapping and touching ranges, never counting a second twice', () => {
    expect(
      mergeRanges([
        { startSeconds: 4, endSeconds: 6 },
        { startSeconds: 0, endSeconds: 2 },
        { startSeconds: 2, endSeconds: 5 },
      ]),
    ).toEqual([{ startSeconds: 0, endSeconds: 6 }]);
  });

  it('counts viewers, shares and retention per viewing', () => {
    const insights = playbackInsights(
      [row('s1', 'user:b', 0, 5, 'Bob'), row('s1', 'user:b', 3, 10, 'Bob'), row('s2', 'anon:x', 0, 2)],
      7,
      20,
    );
    expect(insights).toMatchObject({
      views: 7,
      uniqueViewers: 2,
      durationSeconds: 20,
      averageShareWatched: (0.5 + 0.1) / 2,
    });
    expect(insights.seenBy.map((s) => [s.person.displayName, s.watchedSeconds, s.shareWatched])).toEqual([
      ['Bob', 10, 0.5],
    ]);
    expect(insights.retention.map((b) => b.viewers)).toEqual([2, 2, ...Array(8).fill(1), ...Array(10).fill(0)]);
  });

  it('has no retention for a video of unknown length never watched', () => {
    expect(playbackInsights([], 0, 0)).toMatchObject({ uniqueViewers: 0, retention: [], averageShareWatched: 0 });
  });
});

describe('person rate limit', () => {
  it('allows max per window per key and forgets what the window left behind', async () => {
    let now = 0;
    const limit = new PersonRateLimit('test', 2, 1000, new MemoryRateLimitCounter(() => now));
    const taken = [await limit.take('a'), await limit.take('a'), await limit.take('a'), await limit.take('b')];
    expect(taken).toEqual([true, true, false, true]);
    now = 1000;
    expect(await limit.take('a')).toBe(true);
  });
});
