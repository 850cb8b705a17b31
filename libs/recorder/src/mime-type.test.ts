import { describe, expect, it } from 'vitest';
import { chooseMimeType } from './mime-type.ts';

describe('chooseMimeType', () => {
  it('prefers VP9 with Opus', () => {
    expect(chooseMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
  });

  it('falls back to VP8 with Opus', () => {
    expect(chooseMimeType((type) => type === 'video/webm;codecs=vp8,opus')).toBe('video/webm;codecs=vp8,opus');
  });

  it('never picks H.264 even when the browser claims it, and says so when nothing fits', () => {
    const asked: string[] = [];
    expect(
      chooseMimeType((type) => {
        asked.push(type);
        return type.includes('h264') || type === 'video/mp4';
      }),
    ).toBeNull();
    expect(asked.some((type) => type.includes('h264'))).toBe(false);
  });
});
