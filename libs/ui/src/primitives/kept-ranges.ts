/** A part of a video's timeline in seconds, [start, end). */
export interface TimeSpan {
  start: number;
  end: number;
}

/**
 * What an edit keeps: [start, end) of the video minus the cut spans (clipped, merged where they
 * overlap). Spans left shorter than a tenth of a second are dropped.
 */
export function keptSpans(start: number, end: number, cuts: readonly TimeSpan[]): TimeSpan[] {
  const sorted = cuts
    .map((cut) => ({ start: Math.max(start, cut.start), end: Math.min(end, cut.end) }))
    .filter((cut) => cut.end > cut.start)
    .sort((a, b) => a.start - b.start);
  const kept: TimeSpan[] = [];
  let from = start;
  for (const cut of sorted) {
    if (cut.start > from) kept.push({ start: from, end: cut.start });
    from = Math.max(from, cut.end);
  }
  if (end > from) kept.push({ start: from, end });
  return kept.filter((span) => span.end - span.start >= 0.1);
}

/** The spans between kept ones: what an edit removes inside [start, end). */
export function cutsBetween(kept: readonly TimeSpan[]): TimeSpan[] {
  return kept.slice(1).map((span, index) => ({ start: kept[index]!.end, end: span.start }));
}

/** The total length of `spans`. */
export const lengthOf = (spans: readonly TimeSpan[]) => spans.reduce((sum, span) => sum + span.end - span.start, 0);

/**
 * Where preview playback goes from `time` so it skips what the edit removes: `time` itself inside
 * a kept span, the next span's start in a gap, 'end' past the last one.
 */
export function previewPosition(kept: readonly TimeSpan[], time: number): number | 'end' {
  for (const span of kept) {
    if (time < span.start) return span.start;
    if (time < span.end) return time;
  }
  return 'end';
}
