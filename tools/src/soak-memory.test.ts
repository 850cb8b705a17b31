import { describe, expect, it } from 'vitest';
import {
  flatAfterWarmup,
  sampleEverySeconds,
  sampleTimeline,
  timelineTable,
  warmupSeconds,
} from '../soak/memory-timeline.mjs';

const MiB = 1024 * 1024;
/** A 30-minute soak sampled every 30 s whose RSS is `rssAt(seconds)` MiB. */
const timeline = (rssAt: (seconds: number) => number) =>
  Array.from({ length: 61 }, (_, i) => ({ seconds: i * 30, rss: rssAt(i * 30) * MiB, heapUsed: 50 * MiB }));

describe("the soak's memory timeline", () => {
  it('samples every 30 s, and warms up for 5 minutes, in a 30-minute soak; proportionally in a short one', () => {
    expect(sampleEverySeconds(1800)).toBe(30);
    expect(warmupSeconds(1800)).toBe(300);
    expect(sampleEverySeconds(60)).toBe(5);
    expect(warmupSeconds(60)).toBe(10);
    expect(sampleEverySeconds(5)).toBe(1);
  });

  it('is flat when the median RSS of the last 5 minutes is within 30 MiB of the 5 minutes after warm-up', () => {
    // Climbs 200 MiB during warm-up, then swings between 500 and 530 MiB and ends on a 560 spike:
    // single samples would say +60 MiB; the windows' medians (515, then 530) say +15.
    const flat = flatAfterWarmup(
      timeline((s) => (s <= 300 ? 300 + (200 * s) / 300 : s === 1800 ? 560 : 500 + (s % 60 ? 30 : 0))),
      300,
    );
    expect(flat).toMatchObject({ ok: true, growth: 15 * MiB });
    expect(flat.detail).toBe('515 MiB over 330-600 s, 530 MiB over 1500-1800 s (+15 MiB)');
    expect(flat.rule).toMatch(
      /median RSS of the last 300 s within 30 MiB of the median RSS of the 300 s after warm-up/,
    );
  });

  it('is not flat one MiB past the tolerance, nor when growing steadily', () => {
    expect(
      flatAfterWarmup(
        timeline((s) => (s >= 1500 ? 531 : 500)),
        300,
      ),
    ).toMatchObject({ ok: false, growth: 31 * MiB });
    expect(
      flatAfterWarmup(
        timeline((s) => (s >= 1500 ? 530 : 500)),
        300,
      ).ok,
    ).toBe(true);
    // +1 MiB a minute after warm-up: the medians (of 330-600 s and 1500-1800 s) 19.75 MiB apart,
    // within; +2 MiB a minute: 39.5 MiB, not.
    const slow = flatAfterWarmup(
      timeline((s) => 500 + Math.max(0, s - 300) / 60),
      300,
    );
    expect(slow.ok).toBe(true);
    expect(slow.growth! / MiB).toBeCloseTo(19.75);
    expect(
      flatAfterWarmup(
        timeline((s) => 500 + (2 * Math.max(0, s - 300)) / 60),
        300,
      ).ok,
    ).toBe(false);
  });

  it('reads a short load the same way, and a drop counts as flat', () => {
    const samples = [
      { seconds: 0.4, rss: 100 * MiB },
      { seconds: 9.7, rss: 180 * MiB },
      { seconds: 15.2, rss: 400 * MiB },
      { seconds: 60.1, rss: 150 * MiB },
    ];
    expect(flatAfterWarmup(samples, 10)).toMatchObject({ ok: true, growth: -250 * MiB });
  });

  it('shows nothing flat without a sample after warm-up', () => {
    expect(flatAfterWarmup([], 10).ok).toBe(false);
    expect(flatAfterWarmup([{ seconds: 1, rss: MiB }], 10)).toMatchObject({
      ok: false,
      detail: 'no sample after warm-up',
    });
  });

  it('samples until stopped, skipping a failed reading, and prints a table', async () => {
    let reads = 0;
    const sampler = sampleTimeline(async () => {
      reads++;
      if (reads === 2) throw new Error('busy');
      return { rss: reads * MiB, heapUsed: MiB, heapTotal: 2 * MiB, external: NaN, databaseWasm: 3 * MiB };
    }, 0.05);
    await new Promise((done) => setTimeout(done, 180));
    const samples = await sampler.stop();
    expect(samples.length).toBeGreaterThanOrEqual(3);
    expect(samples.map((s) => s.rss / MiB)).not.toContain(2);
    expect(samples.map((s) => s.seconds)).toEqual([...samples.map((s) => s.seconds)].sort((a, b) => a - b));
    const table = timelineTable(samples);
    expect(table.split('\n')[0]).toBe(
      '| s | RSS MiB | heap used MiB | heap total MiB | external MiB | database WASM MiB |',
    );
    expect(table.split('\n')[2]).toMatch(/^\| 0 \| 1 \| 1 \| 2 \| – \| 3 \|$/);
  });
});
