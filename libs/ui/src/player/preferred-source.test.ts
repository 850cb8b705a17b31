import { describe, expect, it } from 'vitest';
import { MP4_TYPE, WEBM_TYPE, preferredSource } from './preferred-source';

const browser = (plays: Record<string, string>) => (type: string) => plays[type] ?? '';

describe('preferredSource', () => {
  it('keeps the recording where WebM plays (Chromium, Firefox)', () => {
    expect(preferredSource('/v.webm', '/v.mp4', browser({ [WEBM_TYPE]: 'probably', [MP4_TYPE]: 'probably' }))).toBe(
      '/v.webm',
    );
  });

  it('takes the MP4 where only MP4 plays (older Safari)', () => {
    expect(preferredSource('/v.webm', '/v.mp4', browser({ [MP4_TYPE]: 'maybe' }))).toBe('/v.mp4');
  });

  it('keeps the recording while there is no MP4, or when the browser claims neither', () => {
    expect(preferredSource('/v.webm', undefined, browser({ [MP4_TYPE]: 'probably' }))).toBe('/v.webm');
    expect(preferredSource('/v.webm', '/v.mp4', browser({}))).toBe('/v.webm');
  });
});
