import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobWakes, latestRetrySeconds, secondsUntil } from './job-wakes';

describe('latestRetrySeconds', () => {
  it('is the delay without backoff, and the top of pg-boss’s doubling window with it', () => {
    const terms = { retryLimit: 5, retryDelay: 2 };
    expect(latestRetrySeconds({ ...terms, retryCount: 0, retryBackoff: false })).toBe(2);
    expect(latestRetrySeconds({ ...terms, retryCount: 0, retryBackoff: true })).toBe(4);
    expect(latestRetrySeconds({ ...terms, retryCount: 2, retryBackoff: true })).toBe(16);
    expect(latestRetrySeconds({ ...terms, retryCount: 40, retryBackoff: true })).toBe(2 * 2 ** 16);
  });
});

describe('secondsUntil', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('reads pg-boss’s startAfter as seconds, a Date or an ISO string', () => {
    expect(secondsUntil(undefined, now)).toBe(0);
    expect(secondsUntil(7, now)).toBe(7);
    expect(secondsUntil(new Date(now + 3_000), now)).toBe(3);
    expect(secondsUntil('2026-11-27T10:00:05Z', now)).toBe(5);
  });
  it('is 0 for a time past, a negative number or a string that is no time', () => {
    expect(secondsUntil(new Date(now - 3_000), now)).toBe(0);
    expect(secondsUntil(-4, now)).toBe(0);
    expect(secondsUntil('soon', now)).toBe(0);
  });
});

describe('JobWakes', () => {
  afterEach(() => void vi.useRealTimers());

  it('wakes at once, when a job is due, after a dead letter is queued, and never after stop', () => {
    vi.useFakeTimers();
    const wake = vi.fn();
    const wakes = new JobWakes(wake);
    wakes.in(0);
    expect(wake).toHaveBeenCalledTimes(1);
    wakes.in(2);
    vi.advanceTimersByTime(2_000);
    expect(wake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300);
    expect(wake).toHaveBeenCalledTimes(2);
    wakes.afterFailure({ retryCount: 1, retryLimit: 1, retryDelay: 30, retryBackoff: true }); // the last: its dead letter
    vi.advanceTimersByTime(1_000);
    expect(wake).toHaveBeenCalledTimes(3);
    // A retry 2^17 days away (backoff at its cap): never sooner than setTimeout's longest wait.
    wakes.afterFailure({ retryCount: 20, retryLimit: 30, retryDelay: 86_400, retryBackoff: true });
    vi.advanceTimersByTime(24 * 86_400_000);
    expect(wake).toHaveBeenCalledTimes(3);
    wakes.afterFailure({ retryCount: 0, retryLimit: 1, retryDelay: 30, retryBackoff: false });
    wakes.stop();
    vi.advanceTimersByTime(60_000);
    expect(wake).toHaveBeenCalledTimes(3);
  });
});
