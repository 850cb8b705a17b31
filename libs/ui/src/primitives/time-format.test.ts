import { describe, expect, it } from 'vitest';
import { formatDateTime, formatVideoDate } from './time-format';

// ICU puts a narrow no-break space before AM/PM in newer releases and a plain one in older: either is one style.
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatDateTime', () => {
  it('writes a date in the style of the locale it is given: medium date, short time', () => {
    expect(formatDateTime(new Date(2026, 10, 25, 16, 23), 'en-GB')).toBe('25 Nov 2026, 16:23');
    expect(spaces(formatDateTime(new Date(2026, 10, 25, 16, 23), 'en-US'))).toBe('Nov 25, 2026, 4:23 PM');
    expect(formatDateTime(new Date(2027, 0, 5, 9, 0), 'de-DE')).toBe('05.01.2027, 09:00');
  });

  it("uses the person's own locale when none is given", () => {
    const own = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatDateTime(new Date(2026, 0, 1, 0, 7))).toBe(own.format(new Date(2026, 0, 1, 0, 7)));
  });

  it('is the style of video dates too, and empty for an invalid date', () => {
    expect(formatVideoDate(new Date(2026, 2, 14, 12), 'en-GB')).toBe('14 Mar 2026, 12:00');
    expect(formatDateTime(new Date('not a date'))).toBe('');
  });
});
