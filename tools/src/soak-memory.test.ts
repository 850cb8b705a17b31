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

  it('is flat when the RSS at the end is within 30 MiB of the RSS at the end of warm-up, whatever warm-up did', () => {
    // Climbs 200 MiB during warm-up, then wanders by up to 20 MiB and ends 30 MiB above: flat.
    const flat = flatAfterWarmup(
      timeline((s) => (s <= 300 ? 300 + (200 * s) / 300 : s === 1800 ? 530 : 500 + (s % 60 ? 20 : 0))),
      300,
    );
    expect(flat).toMatchObject({ ok: true, growth: 30 * MiB });
    expect(flat.detail).toBe('500 MiB at 300 s, 530 MiB at 1800 s (+30 MiB)');
    expect(flat.rule).toMatch(/within 30 MiB of the RSS at the end of warm-up \(the first 300 s\)/);
  });

  it('is not flat one MiB past the tolerance, nor when growing steadily', () => {
    expect(
      flatAfterWarmup(
        timeline((s) => (s === 1800 ? 531 : 500)),
        300,
      ),
    ).toMatchObject({
      ok: false,
      growth: 31 * MiB,
    });
    // +1 MiB a minute after warm-up: 25 MiB by the end, within; +2 MiB a minute: 50 MiB, not.
    expect(
      flatAfterWarmup(
        timeline((s) => 500 + Math.max(0, s - 300) / 60),
        300,
      ).ok,
    ).toBe(true);
    expect(
      flatAfterWarmup(
        timeline((s) => 500 + (2 * Math.max(0, s - 300)) / 60),
        300,
      ).ok,
    ).toBe(false);
  });

  it('takes the last sample by the end of warm-up when none falls on it, and a drop counts as flat', () => {
    const samples = [
      { seconds: 0.4, rss: 100 * MiB },
      { seconds: 9.7, rss: 180 * MiB },
      { seconds: 15.2, rss: 400 * MiB },
      { seconds: 60.1, rss: 150 * MiB },
    ];
    expect(flatAfterWarmup(samples, 10)).toMatchObject({ ok: true, growth: -30 * MiB });
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
      return { rss: reads * MiB, heapUsed: MiB, heapTotal: 2 * MiB, external: NaN };
    }, 0.05);
    await new Promise((done) => setTimeout(done, 180));
    const samples = await sampler.stop();
    expect(samples.length).toBeGreaterThanOrEqual(3);
    expect(samples.map((s) => s.rss / MiB)).not.toContain(2);
    expect(samples.map((s) => s.seconds)).toEqual([...samples.map((s) => s.seconds)].sort((a, b) => a - b));
    const table = timelineTable(samples);
    expect(table.split('\n')[0]).toBe('| s | RSS MiB | heap used MiB | heap total MiB | external MiB |');
    expect(table.split('\n')[2]).toMatch(/^\| 0 \| 1 \| 1 \| 2 \| – \|$/);
  });
});
