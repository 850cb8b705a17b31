import { describe, expect, it } from 'vitest';
import { estimatedMbPerMinute, videoBitsPerSecond, videoConstraints } from './quality.ts';
import { bubbleBox, clampRect } from './settings.ts';

describe('quality', () => {
  it('estimates megabytes per minute from the bitrate of each choice', () => {
    expect(estimatedMbPerMinute({ resolution: '720p', frameRate: 30 })).toBe(20); // (2.5 + 0.128) Mbit/s × 60 / 8
    expect(estimatedMbPerMinute({ resolution: '1080p', frameRate: 30 })).toBe(38);
    expect(estimatedMbPerMinute({ resolution: '1080p', frameRate: 60 })).toBe(57);
    expect(videoBitsPerSecond({ resolution: 'source', frameRate: 30 })).toBe(8_000_000);
  });

  it('caps the height and sets the frame rate, leaving the source size alone', () => {
    expect(videoConstraints(undefined)).toBe(true);
    expect(videoConstraints({ resolution: 'source', frameRate: 60 })).toEqual({ frameRate: { ideal: 60, max: 60 } });
    expect(videoConstraints({ resolution: '1080p', frameRate: 30 })).toEqual({
      frameRate: { ideal: 30, max: 30 },
      height: { max: 1080 },
    });
  });
});

describe('clampRect', () => {
  it('keeps an area inside the picture, in even pixels', () => {
    expect(clampRect({ x: 101, y: 51, width: 641, height: 361 }, 1920, 1080)).toEqual({
      x: 100,
      y: 50,
      width: 640,
      height: 360,
    });
    expect(clampRect({ x: 1800, y: -20, width: 640, height: 5000 }, 1920, 1080)).toEqual({
      x: 1280,
      y: 0,
      width: 640,
      height: 1080,
    });
  });
});

describe('bubbleBox', () => {
  it('puts the bubble in the chosen corner with a margin, sized on the shorter side', () => {
    expect(bubbleBox({ shape: 'circle', corner: 'bottom-right', size: 0.25 }, 1920, 1080)).toEqual({
      left: 1920 - 270 - 32,
      top: 1080 - 270 - 32,
      side: 270,
    });
    expect(bubbleBox({ shape: 'circle', corner: 'top-left', size: 0.25 }, 1920, 1080)).toMatchObject({
      left: 32,
      top: 32,
    });
  });
});
