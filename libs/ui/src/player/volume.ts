/** docs/product.md, Limits: volume from 0 to 1 in steps of 0.1, starting at 1. */
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.1;
export const VOLUME_START = 1;

/** Clamp into 0..1 and snap to the 0.1 grid (without float noise: 0.1 + 0.2 gives 0.3). */
export function clampVolume(volume: number): number {
  if (Number.isNaN(volume)) return VOLUME_START;
  const clamped = Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, volume));
  return Math.round(clamped / VOLUME_STEP) / 10;
}

/** One step up (+1) or down (-1) from `volume`. */
export function stepVolume(volume: number, direction: 1 | -1): number {
  return clampVolume(volume + direction * VOLUME_STEP);
}
