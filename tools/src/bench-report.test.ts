import { describe, expect, it } from 'vitest';
import { keepProgressSample, progressOverTime } from '../bench/lib/progress-samples.mjs';
import { PairedCpu } from '../bench/lib/paired-cpu.mjs';
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

describe('CPU per GiB paired with a reference round by round', () => {
  const GiB = 1024 ** 3;

  it('gives the median of the rounds’ ratios, where a slow round counts once, and the total per GiB', () => {
    const cpu = new PairedCpu();
    // Round 2 ran while the machine was slow: both spent twice as much, the API four times.
    for (const [api, nginx] of [
      [0.24, 0.16],
      [1.0, 0.32],
      [0.25, 0.16],
    ]) {
      cpu.add('api', api!, GiB);
      cpu.add('nginx', nginx!, GiB);
    }
    expect(cpu.ratios('api', 'nginx').map((r) => r.toFixed(4))).toEqual(['1.5000', '3.1250', '1.5625']);
    expect(cpu.ratio('api', 'nginx')).toBeCloseTo(1.5625);
    // All rounds together, the slow one pulls the ratio to 2.33.
    expect(cpu.perGiB('api') / cpu.perGiB('nginx')).toBeCloseTo(1.49 / 0.64);
    expect(cpu.perGiB('nginx')).toBeCloseTo(0.64 / 3);
  });

  it('weighs each round by the bytes it moved', () => {
    const cpu = new PairedCpu();
    cpu.add('api', 0.3, 2 * GiB);
    cpu.add('nginx', 0.1, GiB);
    expect(cpu.ratio('api', 'nginx')).toBeCloseTo(1.5);
  });

  it('refuses rounds that do not pair', () => {
    const cpu = new PairedCpu();
    cpu.add('api', 0.3, GiB);
    cpu.add('api', 0.3, GiB);
    cpu.add('nginx', 0.1, GiB);
    expect(() => cpu.ratio('api', 'nginx')).toThrow('api has 2 rounds, nginx 1');
    expect(() => cpu.perGiB('bare')).toThrow('no rounds of bare');
  });

  it('measures the CPU a process ran during a step, to the millisecond', async () => {
    const cpu = new PairedCpu();
    const result = await cpu.measure('busy', [process.pid], async () => {
      // 30 ms of this process's CPU, counted as CPU: a wall-clock loop got 19 ms of it under CI's load.
      const start = process.cpuUsage();
      const spent = () => {
        const { user, system } = process.cpuUsage(start);
        return (user + system) / 1000;
      };
      while (spent() < 30);
      return { bytes: GiB };
    });
    expect(result).toEqual({ bytes: GiB });
    expect(cpu.perGiB('busy')).toBeGreaterThanOrEqual(0.025);
    expect(cpu.perGiB('busy')).toBeLessThan(5);
  });
});
