import { describe, expect, it } from 'vitest';
import { defaultTitle } from './video.service';

describe('defaultTitle', () => {
  it('names a recording by its UTC date and time', () => {
    expect(defaultTitle(new Date(Date.UTC(2026, 10, 22, 14, 3)))).toBe('Recording 22 Nov 2026 14:03');
    expect(defaultTitle(new Date(Date.UTC(2027, 0, 5, 9, 0)))).toBe('Recording 5 Jan 2027 09:00');
  });
});
