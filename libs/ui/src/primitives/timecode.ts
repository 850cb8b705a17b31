/**
 * Reads a time typed as `m:ss` or `m:ss.s` (also `h:mm:ss`, and plain seconds); undefined when it
 * is not one. Seconds past the first field must be below 60.
 */
export function parseTimecode(text: string): number | undefined {
  const match = /^\s*(?:(\d+):)?(?:(\d+):)?(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return undefined;
  const [, first, second, last] = match;
  const seconds = Number(last);
  if (first === undefined) return seconds;
  if (seconds >= 60) return undefined;
  if (second === undefined) return Number(first) * 60 + seconds;
  const minutes = Number(second);
  if (minutes >= 60) return undefined;
  return Number(first) * 3600 + minutes * 60 + seconds;
}

/** `m:ss.s` (tenths), e.g. 83.42 → `1:23.4`; the form parseTimecode reads back. */
export function formatTimecode(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const whole = Math.floor(tenths / 10);
  const minutes = Math.floor(whole / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return `${minutes}:${rest}.${tenths % 10}`;
}
