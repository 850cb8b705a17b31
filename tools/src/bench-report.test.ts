import { describe, expect, it } from 'vitest';
import { keepProgressSample, progressOverTime } from '../bench/lib/progress-samples.mjs';
import { percentile, runCleanups, runMeta } from '../bench/lib/report.mjs';

describe("a benchmark report's figures", () => {
  it('takes the nearest-rank percentile', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 95)).toBe(10);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });

  it('names the machine and its load at the start', () => {
    expect(runMeta()).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      cpus: expect.any(Number),
      load: expect.stringMatching(/^\d+\.\d\d$/),
    });
  });

  it('runs every clean-up even when one fails', async () => {
    const ran: string[] = [];
    await runCleanups([
      () => ran.push('a'),
      () => {
        throw new Error('b failed');
      },
      async () => {
        ran.push('c');
      },
    ]);
    expect(ran).toEqual(['a', 'c']);
  });

  it("reports the MOV's processing progress over time: a few of its changes, then READY", () => {
    const samples: { seconds: number; percent: number }[] = [];
    // GetVideo asked every second: 0 until ffmpeg's first report, then rising, repeated figures dropped.
    [0, 0, 3, 3, 9, 20, 20, 41, 62, 80, 99, 99].forEach((percent, second) =>
      keepProgressSample(samples, second + 0.4, percent),
    );
    expect(samples.map((sample) => sample.percent)).toEqual([0, 3, 9, 20, 41, 62, 80, 99]);
    expect(progressOverTime(samples, 12.6)).toBe(
      '0 s → 0 %, 2 s → 3 %, 4 s → 9 %, 5 s → 20 %, 7 s → 41 %, 8 s → 62 %, 9 s → 80 %, 10 s → 99 %, READY at 13 s',
    );
    expect(progressOverTime(samples, 12.6, 3)).toBe('0 s → 0 %, 7 s → 41 %, 10 s → 99 %, READY at 13 s');
    expect(progressOverTime([{ seconds: 1, percent: 0 }], 5)).toBe('no percentage seen (0 throughout), READY at 5 s');
  });
});
