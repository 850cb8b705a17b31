import type { AnnotationFields } from '@stream/proto';
import type { VideoFrame } from './video-frames';

/** A part of a video's timeline, in seconds: [start, end). */
export interface TimeRange {
  start: number;
  end: number;
}

/**
 * A region to blur into the frames: a BLUR annotation's time and place, [from, to) on the
 * source's timeline, the rectangle in percent of the frame.
 */
export type BlurRegion = Pick<AnnotationFields, 'from' | 'to' | 'x' | 'y' | 'width' | 'height'>;

/**
 * One piece of a smart cut: `frames` frames from the one at `from` (a presentation time of the
 * source), either copied as they are (`copy`, which must start at a keyframe) or re-encoded.
 * `duration` is how long the piece lasts in the result.
 */
export interface CutPiece {
  kind: 'copy' | 'encode';
  from: number;
  frames: number;
  duration: number;
  /**
   * Encoded pieces: the blur regions over some of its frames, each with the piece's frames it
   * covers (`first` to `last`, counted from 0 at the piece's first frame).
   */
  blurs?: { region: BlurRegion; first: number; last: number }[];
  /**
   * Encoded pieces over several groups of pictures: the piece's frames (from 0) that start a group
   * in the source, made keyframes again so seeking and the storyboard (read from keyframes) stay
   * as in the source.
   */
  keyframes?: number[];
}

export interface CutPlan {
  pieces: CutPiece[];
  /** The kept ranges moved to frame boundaries: what the result actually holds, in order. */
  kept: TimeRange[];
  /** The sum of the kept ranges: the result's length. */
  duration: number;
}

/**
 * Plans a smart cut: for each kept range, re-encode only from its start to the next keyframe and
 * copy every whole group of pictures after it. Range edges snap to the nearest frame, so the
 * result's length is exactly the sum of the snapped ranges. `ranges` must be sorted and apart
 * (see normaliseRanges); ranges holding no frame are dropped. A group of pictures showing any
 * `blurs` region is re-encoded too, with the region blurred over the frames it covers;
 * the others are still copied.
 */
export function planSmartCut(
  frames: readonly VideoFrame[],
  end: number,
  ranges: readonly TimeRange[],
  blurs: readonly BlurRegion[] = [],
  /** False for a source whose frames cannot be copied beside encoded ones (H.264): one encoded piece per range. */
  canCopy = true,
): CutPlan {
  const pieces: CutPiece[] = [];
  const kept: TimeRange[] = [];
  const timeOf = (index: number) => (index < frames.length ? frames[index]!.pts : end);
  /** Whether frame `index` shows while `region` is on: it starts before the region ends and ends after it starts. */
  const shows = (index: number, region: BlurRegion) => timeOf(index) < region.to && timeOf(index + 1) > region.from;
  for (const range of ranges) {
    const first = nearestBoundary(frames, end, range.start);
    const stop = nearestBoundary(frames, end, range.end);
    if (stop <= first) continue;
    kept.push({ start: timeOf(first), end: timeOf(stop) });
    let index = first;
    let previous: { kind: CutPiece['kind']; from: number } | undefined;
    while (index < stop) {
      let next = index + 1;
      while (next < stop && !frames[next]!.key) next++;
      let blurred = false;
      for (let frame = index; frame < next && !blurred; frame++) blurred = blurs.some((region) => shows(frame, region));
      const kind = canCopy && frames[index]!.key && !blurred ? 'copy' : 'encode';
      // Groups of the same kind join into one piece: one copy, or one encode over several groups.
      if (previous?.kind === kind) pieces.pop();
      else previous = { kind, from: index };
      pieces.push(piece(kind, previous.from, next));
      index = next;
    }
  }
  return { pieces, kept, duration: kept.reduce((sum, range) => sum + (range.end - range.start), 0) };

  function piece(kind: CutPiece['kind'], from: number, to: number): CutPiece {
    const made: CutPiece = { kind, from: timeOf(from), frames: to - from, duration: timeOf(to) - timeOf(from) };
    if (kind === 'copy') return made;
    const keyframes: number[] = [];
    for (let frame = from + 1; frame < to; frame++) if (frames[frame]!.key) keyframes.push(frame - from);
    const covered = blurs.flatMap((region) => {
      let first = -1;
      let last = -1;
      for (let frame = from; frame < to; frame++) {
        if (!shows(frame, region)) continue;
        if (first < 0) first = frame - from;
        last = frame - from;
      }
      return first < 0 ? [] : [{ region, first, last }];
    });
    return { ...made, ...(covered.length ? { blurs: covered } : {}), ...(keyframes.length ? { keyframes } : {}) };
  }
}

/**
 * The index of the frame boundary nearest to `time`: boundary i is where frame i starts, and
 * boundary frames.length is the end of the last frame.
 */
function nearestBoundary(frames: readonly VideoFrame[], end: number, time: number): number {
  let low = 0;
  let high = frames.length; // boundaries 0..frames.length
  const at = (index: number) => (index < frames.length ? frames[index]!.pts : end);
  while (low < high) {
    const middle = (low + high) >> 1;
    if (at(middle) < time) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && Math.abs(at(low - 1) - time) <= Math.abs(at(low) - time)) return low - 1;
  return low;
}
