import type { StoredAnnotation, StoredRange } from './edit.table';

/** Shorter than this after a trim, an overlay could not be seen: it is dropped. */
const MIN_VISIBLE_SECONDS = 0.01;
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The overlays (text, arrow, box) the player draws over what plays: saved on the original's
 * timeline, moved onto the timeline of a version holding `playing` (ranges of the original, in
 * order; empty: the whole original). An overlay over a cut is clipped, one over several kept parts
 * is split into one per part, one wholly cut is dropped. Blur is never among them: it is in the
 * pixels.
 */
export function overlaysOnPlayingTimeline(
  annotations: readonly StoredAnnotation[],
  playing: readonly StoredRange[],
): StoredAnnotation[] {
  const overlays = annotations.filter((annotation) => annotation.kind !== 'BLUR');
  if (playing.length === 0) return overlays.map((annotation) => ({ ...annotation }));
  return overlays.flatMap((annotation) => {
    const moved: StoredAnnotation[] = [];
    let offset = 0;
    for (const range of playing) {
      const from = Math.max(annotation.from, range.start);
      const to = Math.min(annotation.to, range.end);
      if (to - from >= MIN_VISIBLE_SECONDS)
        moved.push({ ...annotation, from: ms(offset + from - range.start), to: ms(offset + to - range.start) });
      offset += range.end - range.start;
    }
    return moved;
  });
}

/** The blur regions of a list of annotations, in order. */
export const blursOf = (annotations: readonly StoredAnnotation[]) =>
  annotations.filter((annotation) => annotation.kind === 'BLUR');
