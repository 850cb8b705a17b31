import { describe, expect, it } from 'vitest';
import { defaultTitle } from './default-title';

describe('defaultTitle', () => {
  it('names a recording by its UTC date and time, to the second', () => {
    expect(defaultTitle(new Date(Date.UTC(2026, 10, 22, 14, 3)))).toBe('Recording 22 Nov, 14:03:00');
    expect(defaultTitle(new Date(Date.UTC(2027, 0, 5, 9, 0, 7)))).toBe('Recording 5 Jan, 09:00:07');
  });

  it('tells apart two recordings made in the same minute', () => {
    const first = defaultTitle(new Date(Date.UTC(2026, 10, 25, 16, 15, 2)));
    const second = defaultTitle(new Date(Date.UTC(2026, 10, 25, 16, 15, 41)));
    expect(first).not.toBe(second);
  });
});
