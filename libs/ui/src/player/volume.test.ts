import { describe, expect, it } from 'vitest';
import { PLAYBACK_RATES, clampPlaybackRate } from './playback-rate';
import { clampSeek, resolveDuration } from './resolve-duration';
import { VOLUME_START, clampVolume, stepVolume } from './volume';

describe('volume', () => {
  it('starts at 1', () => expect(VOLUME_START).toBe(1));

  it('stays within 0..1', () => {
    expect(clampVolume(1.7)).toBe(1);
    expect(clampVolume(-0.2)).toBe(0);
    expect(stepVolume(1, 1)).toBe(1);
    expect(stepVolume(0, -1)).toBe(0);
  });

  it('moves in exact steps of 0.1', () => {
    const down: number[] = [];
    let v = 1;
    for (let i = 0; i < 10; i++) down.push((v = stepVolume(v, -1)));
    expect(down).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0]);
    expect(stepVolume(0.2, 1)).toBe(0.3); // not 0.30000000000000004
    expect(clampVolume(0.54)).toBe(0.5);
    expect(clampVolume(Number.NaN)).toBe(1);
  });
});

describe('playback rate', () => {
  it('offers 0.5× to 2× and clamps anything else', () => {
    expect(PLAYBACK_RATES[0]).toBe(0.5);
    expect(PLAYBACK_RATES.at(-1)).toBe(2);
    expect(PLAYBACK_RATES).toContain(1);
    expect(clampPlaybackRate(4)).toBe(2);
    expect(clampPlaybackRate(0.1)).toBe(0.5);
    expect(clampPlaybackRate(Number.NaN)).toBe(1);
  });
});

describe('resolveDuration', () => {
  it('uses the element duration when it is finite', () => expect(resolveDuration(12.5, 3)).toBe(12.5));
  it('falls back to the known duration when the file reports Infinity or NaN', () => {
    expect(resolveDuration(Number.POSITIVE_INFINITY, 42)).toBe(42);
    expect(resolveDuration(Number.NaN, 42)).toBe(42);
  });
  it('is 0, never Infinity or NaN, when nothing is known', () => {
    expect(resolveDuration(Number.POSITIVE_INFINITY)).toBe(0);
    expect(resolveDuration(Number.NaN, Number.NaN)).toBe(0);
  });
});

describe('clampSeek', () => {
  it('keeps the target within 0..duration', () => {
    expect(clampSeek(-4, 10)).toBe(0);
    expect(clampSeek(14, 10)).toBe(10);
    expect(clampSeek(4, 10)).toBe(4);
    expect(clampSeek(14, 0)).toBe(14);
    expect(clampSeek(Number.NaN, 10)).toBe(0);
  });
});
