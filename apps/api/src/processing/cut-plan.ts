import type { VideoFrame } from './video-frames';

/** A part of a video's timeline, in seconds: [start, end). */
export interface TimeRange {
  start: number;
  end: number;
}

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
 * (see normaliseRanges); ranges holding no frame are dropped.
 */
export function planSmartCut(frames: readonly VideoFrame[], end: number, ranges: readonly TimeRange[]): CutPlan {
  const pieces: CutPiece[] = [];
  const kept: TimeRange[] = [];
  const timeOf = (index: number) => (index < frames.length ? frames[index]!.pts : end);
  for (const range of ranges) {
    const first = nearestBoundary(frames, end, range.start);
    const stop = nearestBoundary(frames, end, range.end);
    if (stop <= first) continue;
    kept.push({ start: timeOf(first), end: timeOf(stop) });
    let index = first;
    while (index < stop) {
      if (frames[index]!.key) {
        pieces.push(piece('copy', index, stop));
        break;
      }
      let next = index + 1;
      while (next < stop && !frames[next]!.key) next++;
      pieces.push(piece('encode', index, next));
      index = next;
    }
  }
  return { pieces, kept, duration: kept.reduce((sum, range) => sum + (range.end - range.start), 0) };

  function piece(kind: CutPiece['kind'], from: number, to: number): CutPiece {
    return { kind, from: timeOf(from), frames: to - from, duration: timeOf(to) - timeOf(from) };
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
