import type { Logger } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookEvery } from './look-every';

describe('a look every so often', () => {
  const failures: unknown[] = [];
  const log = { debug: (details: unknown) => void failures.push(details) } as unknown as Logger;
  beforeEach(() => {
    vi.useFakeTimers();
    failures.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('looks at once and every interval after, never two at once, until stopped', async () => {
    let started = 0;
    let finish = () => {};
    const stop = lookEvery({ everyMs: 100, log, failed: 'could not look' }, async () => {
      started += 1;
      await new Promise<void>((resolve) => (finish = resolve));
    });
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(350); // three looks fall due while the first still runs
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    finish();
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
  });

  it('logs a look that throws and tries again at the next', async () => {
    let tries = 0;
    const stop = lookEvery({ everyMs: 100, log, failed: 'could not look' }, async () => {
      tries += 1;
      if (tries === 1) throw new Error('database away');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual([{ err: new Error('database away') }]);
    await vi.advanceTimersByTimeAsync(100);
    expect(tries).toBe(2);
    expect(failures).toHaveLength(1);
    stop();
  });
});
