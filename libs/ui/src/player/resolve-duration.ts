/**
 * The duration to show and seek within. A WebM without a duration element reports Infinity, and
 * NaN before metadata arrives; fall back to the duration the server measured, then to 0.
 */
export function resolveDuration(elementDuration: number, knownDuration?: number): number {
  if (Number.isFinite(elementDuration) && elementDuration > 0) return elementDuration;
  if (knownDuration !== undefined && Number.isFinite(knownDuration) && knownDuration > 0) return knownDuration;
  return 0;
}

/** Keep a seek target inside 0..duration (no upper bound while the duration is unknown). */
export function clampSeek(target: number, duration: number): number {
  if (!Number.isFinite(target)) return 0;
  const lower = Math.max(0, target);
  return duration > 0 ? Math.min(duration, lower) : lower;
}
