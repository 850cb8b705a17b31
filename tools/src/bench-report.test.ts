import { describe, expect, it } from 'vitest';
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
});
