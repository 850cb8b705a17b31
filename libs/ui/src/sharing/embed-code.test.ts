import { describe, expect, it } from 'vitest';
import { embedCode } from './embed-code';

describe('embedCode', () => {
  it('frames the embed page of a share link at the video aspect ratio, any width', () => {
    expect(embedCode('https://stream.test/s/abc_12-x')).toBe(
      '<iframe src="https://stream.test/embed/abc_12-x" style="width:100%;aspect-ratio:16 / 9;border:0" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
    expect(embedCode('https://stream.test/s/abc', { width: 4, height: 3 })).toContain('aspect-ratio:4 / 3');
  });

  it('gives nothing for a link that is not a share link (still being made, say)', () => {
    expect(embedCode('')).toBe('');
    expect(embedCode('https://stream.test/watch/abc')).toBe('');
  });
});
