import { describe, expect, it } from 'vitest';
import { RecentBlobKeys } from './recent-blob-keys';

describe('RecentBlobKeys', () => {
  const clock = () => {
    let now = 1_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('remembers a key until its age runs out', () => {
    const time = clock();
    const keys = new RecentBlobKeys({ maxEntries: 10, ttlMs: 500, now: time.now });
    keys.set('video/a', 'videos/a/original.webm');
    time.advance(499);
    expect(keys.get('video/a')).toBe('videos/a/original.webm');
    time.advance(1);
    expect(keys.get('video/a')).toBeUndefined();
  });

  it('forgets on request, and a new key replaces the old one', () => {
    const keys = new RecentBlobKeys();
    keys.set('video/a', 'videos/a/original.webm');
    keys.set('video/a', 'videos/a/processed.webm');
    expect(keys.get('video/a')).toBe('videos/a/processed.webm');
    keys.forget('video/a');
    expect(keys.get('video/a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently set', () => {
    const keys = new RecentBlobKeys({ maxEntries: 2, ttlMs: 60_000 });
    keys.set('video/a', 'a');
    keys.set('video/b', 'b');
    keys.set('video/a', 'a2'); // a is now the newest
    keys.set('video/c', 'c');
    expect(keys.get('video/b')).toBeUndefined();
    expect(keys.get('video/a')).toBe('a2');
    expect(keys.get('video/c')).toBe('c');
  });
});
