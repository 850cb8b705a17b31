import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND_COUNTDOWN_SECONDS, formatCountdown, startCountdown } from './countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the phone resend countdown', () => {
  it('counts 15 seconds down to zero, once a second, then stops', () => {
    const ticks: number[] = [];
    startCountdown(RESEND_COUNTDOWN_SECONDS, (left) => ticks.push(left));
    expect(ticks).toEqual([15]);
    vi.advanceTimersByTime(14_999);
    expect(ticks.at(-1)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(ticks.at(-1)).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(ticks).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('stops when cancelled', () => {
    const ticks: number[] = [];
    const stop = startCountdown(15, (left) => ticks.push(left));
    vi.advanceTimersByTime(3000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(ticks).toEqual([15, 14, 13, 12]);
  });

  it('reads like 0:15 and 0:09', () => {
    expect(formatCountdown(15)).toBe('0:15');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
  });
});
