import { describe, expect, it } from 'vitest';
import { formatTimecode, parseTimecode } from './timecode';

describe('timecodes', () => {
  it('reads m:ss, m:ss.s, h:mm:ss and plain seconds', () => {
    expect(parseTimecode('0:05')).toBe(5);
    expect(parseTimecode('1:23.4')).toBeCloseTo(83.4);
    expect(parseTimecode(' 12:00 ')).toBe(720);
    expect(parseTimecode('1:02:03')).toBe(3723);
    expect(parseTimecode('7.5')).toBe(7.5);
  });

  it('refuses what is not a time', () => {
    for (const text of ['', 'abc', '1:60', '1:2:3:4', '-1', '1:75.0', '1::2', '1:60:00']) {
      expect(parseTimecode(text), text).toBeUndefined();
    }
  });

  it('writes tenths that read back', () => {
    expect(formatTimecode(83.42)).toBe('1:23.4');
    expect(formatTimecode(0)).toBe('0:00.0');
    for (const seconds of [0.1, 59.9, 61, 3599.5]) expect(parseTimecode(formatTimecode(seconds))).toBeCloseTo(seconds);
  });
});
