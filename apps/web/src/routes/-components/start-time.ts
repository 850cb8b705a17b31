/** A link's `?t=` (a search result opens at the line that matched) as seconds, else nothing. */
export function startTimeOf(value: unknown): number | undefined {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}
