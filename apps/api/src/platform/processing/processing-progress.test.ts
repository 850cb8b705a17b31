import { describe, expect, it } from 'vitest';
import { progressReporter } from './processing-progress';

/** A reporter over a 100 s upload with a clock the test moves, and the percents it wrote. */
function reporter(durationSeconds: number | undefined) {
  let clock = 0;
  const written: number[] = [];
  const report = progressReporter(
    durationSeconds,
    async (percent) => {
      written.push(percent);
    },
    { everyMs: 1000, now: () => clock },
  );
  return { report, written, at: (ms: number) => void (clock = ms) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('progressReporter', () => {
  it('writes the percent of the length at most once a second, only when it rose, never 100', async () => {
    const { report, written, at } = reporter(100);
    at(0);
    report!(0); // nothing written yet: 0 is "not known"
    at(500);
    report!(12.7);
    await settled();
    at(1000);
    report!(20); // within a second of the last write
    at(1600);
    report!(12); // lower than written
    at(2000);
    report!(35.2);
    await settled();
    at(3100);
    report!(100); // ffmpeg's last report: the job is not done until READY
    await settled();
    at(4200);
    report!(100.4);
    await settled();
    expect(written).toEqual([12, 35, 99]);
  });

  it('does not write again while a write is still running', async () => {
    let finish: () => void = () => undefined;
    let clock = 0;
    const written: number[] = [];
    const report = progressReporter(
      10,
      (percent) => {
        written.push(percent);
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { now: () => clock },
    )!;
    report(1);
    clock = 5000;
    report(5);
    expect(written).toEqual([10]);
    finish();
    await settled();
    clock = 10_000;
    report(6);
    expect(written).toEqual([10, 60]);
  });

  it('a failed write costs only that figure', async () => {
    let clock = 0;
    const attempts: number[] = [];
    const report = progressReporter(
      10,
      async (percent) => {
        attempts.push(percent);
        if (attempts.length === 1) throw new Error('database away');
      },
      { now: () => clock },
    )!;
    report(2);
    await settled();
    clock = 2000;
    report(4);
    await settled();
    expect(attempts).toEqual([20, 40]);
  });

  it('reports nothing for an upload whose length is unknown or 0', () => {
    expect(reporter(undefined).report).toBeUndefined();
    expect(reporter(0).report).toBeUndefined();
  });
});
