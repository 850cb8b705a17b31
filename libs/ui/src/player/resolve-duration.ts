/**
 * The duration to show and seek within. A WebM without a duration element reports Infinity, and
 * NaN before metadata arrives; fall back to the duration the server measured, then to 0.
 */
export function resolveDuration(elementDuration: number, knownDuration?: number): number {
  if (Number.isFinite(elementDuration) && elementDuration > 0) return elementDuration;
  if (knownDuration !== undefined && Number.isFinite(knownDuration) && knownDuration > 0) return knownDuration;
  return 0;
}

/**
 * The duration to show while an HLS presentation plays: the element's is what the player has read
 * of the playlists so far, which an engine may take from the first segments (a 12 s video showed
 * 0:04), so it is never shorter than the server measured.
 */
export function resolveStreamedDuration(elementDuration: number, knownDuration?: number): number {
  const known = knownDuration !== undefined && Number.isFinite(knownDuration) ? knownDuration : 0;
  return Math.max(resolveDuration(elementDuration, knownDuration), known);
}

/** Keep a seek target inside 0..duration (no upper bound while the duration is unknown). */
export function clampSeek(target: number, duration: number): number {
  if (!Number.isFinite(target)) return 0;
  const lower = Math.max(0, target);
  return duration > 0 ? Math.min(duration, lower) : lower;
}
