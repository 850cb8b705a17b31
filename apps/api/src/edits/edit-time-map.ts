import type { StoredRange } from './edit.table';

/**
 * Where a span of the original's timeline plays in an edit that keeps `kept` (sorted, apart): from
 * where its first kept moment plays to where its last one does, or undefined when the edit cut all
 * of it. A span across a cut closes up with it.
 */
export function spanInEdit(
  kept: readonly StoredRange[],
  start: number,
  end: number,
): { start: number; end: number } | undefined {
  let offset = 0;
  let mappedStart: number | undefined;
  let mappedEnd: number | undefined;
  for (const range of kept) {
    const from = Math.max(start, range.start);
    const to = Math.min(end, range.end);
    if (from < to) {
      mappedStart ??= offset + (from - range.start);
      mappedEnd = offset + (to - range.start);
    }
    offset += range.end - range.start;
  }
  return mappedStart === undefined || mappedEnd === undefined ? undefined : { start: mappedStart, end: mappedEnd };
}
