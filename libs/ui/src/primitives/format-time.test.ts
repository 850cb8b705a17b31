import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatTime } from './format-time';

describe('formatTime', () => {
  it('writes minutes:seconds with zero-padded seconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(5)).toBe('0:05');
    expect(formatTime(5.99)).toBe('0:05');
    expect(formatTime(59)).toBe('0:59');
    expect(formatTime(60)).toBe('1:00');
    expect(formatTime(61)).toBe('1:01');
    expect(formatTime(600)).toBe('10:00');
    expect(formatTime(3661)).toBe('61:01');
  });

  it('never shows Infinity, NaN or a negative time', () => {
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });

  it('round-trips every whole second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 3600 }), (s) => {
        const match = /^(\d+):(\d{2})$/.exec(formatTime(s));
        expect(match).not.toBeNull();
        expect(Number(match?.[1]) * 60 + Number(match?.[2])).toBe(s);
      }),
    );
  });
});

describe('formatDuration', () => {
  it("rounds a length to the nearest second, so the server's and the element's measure of one video agree", () => {
    expect(formatDuration(8.98)).toBe('0:09');
    expect(formatDuration(9.02)).toBe('0:09');
    expect(formatDuration(8.4)).toBe('0:08');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
