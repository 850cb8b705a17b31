import { describe, expect, it } from 'vitest';
import { chooseMimeType, recordingExtension } from './mime-type.ts';

/** What each engine's MediaRecorder says it records here (docs/toolchain.md, "Third wave, measured here"). */
const engines = {
  // Safari and WebKitGTK: H.264/AAC MP4 only.
  webkit: new Set(['video/mp4', 'video/mp4;codecs=avc1.42E01E,mp4a.40.2', 'video/mp4;codecs=avc1,mp4a.40.2']),
  // Debian's Chromium 156: WebM, and MP4 with H.264 but Opus (no AAC encoder).
  chromium: new Set([
    'video/webm;codecs=vp9,opus',
    'video/webm;codecs=vp8,opus',
    'video/mp4',
    'video/mp4;codecs=avc1,opus',
  ]),
  // Firefox ESR: WebM with VP8 only.
  firefox: new Set(['video/webm;codecs=vp8,opus']),
};

describe('chooseMimeType', () => {
  it('prefers an H.264/AAC MP4, which plays everywhere as recorded', () => {
    expect(chooseMimeType(() => true)).toBe('video/mp4;codecs=avc1.42E01E,mp4a.40.2');
    expect(chooseMimeType((type) => engines.webkit.has(type))).toBe('video/mp4;codecs=avc1.42E01E,mp4a.40.2');
    expect(chooseMimeType((type) => type === 'video/mp4;codecs=avc1,mp4a.40.2')).toBe(
      'video/mp4;codecs=avc1,mp4a.40.2',
    );
  });

  it('takes WebM with VP9 (else VP8) and Opus where the browser records no AAC', () => {
    expect(chooseMimeType((type) => engines.chromium.has(type))).toBe('video/webm;codecs=vp9,opus');
    expect(chooseMimeType((type) => engines.firefox.has(type))).toBe('video/webm;codecs=vp8,opus');
  });

  it('falls back to H.264 with Opus in MP4 when that is all the browser records', () => {
    expect(chooseMimeType((type) => type === 'video/mp4;codecs=avc1,opus')).toBe('video/mp4;codecs=avc1,opus');
  });

  it('never picks H.264 in WebM even when the browser claims it, and says so when nothing fits', () => {
    const asked: string[] = [];
    expect(
      chooseMimeType((type) => {
        asked.push(type);
        return type.includes('h264') || type === 'video/x-matroska';
      }),
    ).toBeNull();
    expect(asked.some((type) => type.includes('h264'))).toBe(false);
  });
});

describe('recordingExtension', () => {
  it('names an MP4 recording .mp4 and anything else .webm', () => {
    expect(recordingExtension('video/mp4;codecs=avc1,opus')).toBe('mp4');
    expect(recordingExtension('Video/MP4')).toBe('mp4');
    expect(recordingExtension('video/webm;codecs=vp9,opus')).toBe('webm');
    expect(recordingExtension('')).toBe('webm');
  });
});
