import { describe, expect, it } from 'vitest';
import { formatDateTime, formatVideoDate } from './format-video-date';

describe('formatDateTime', () => {
  it('writes every date in one style: day, short month, year and the 24-hour time', () => {
    expect(formatDateTime(new Date(2026, 10, 25, 16, 23))).toBe('25 Nov 2026, 16:23');
    expect(formatDateTime(new Date(2027, 0, 5, 9, 0))).toBe('5 Jan 2027, 09:00');
    expect(formatDateTime(new Date(2026, 0, 1, 0, 7))).toBe('1 Jan 2026, 00:07');
  });

  it('is the style of video dates too, and empty for an invalid date', () => {
    expect(formatVideoDate(new Date(2026, 2, 14, 12))).toBe('14 Mar 2026, 12:00');
    expect(formatDateTime(new Date('not a date'))).toBe('');
  });
});
