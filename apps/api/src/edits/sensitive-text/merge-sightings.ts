import type { SensitiveKind } from './sensitive-patterns';

/** A piece of sensitive text read in one sampled frame, its box in pixels. */
export interface Sighting {
  frame: number;
  kind: SensitiveKind;
  text: string;
  box: { left: number; top: number; right: number; bottom: number };
}

/** One suggestion: a piece of text, the box it covers over its frames (percent), and when. */
export interface SensitiveRegion {
  kind: SensitiveKind;
  text: string;
  fromSeconds: number;
  toSeconds: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A frame OCR misses between two that read the text does not split it. */
const MISSED_FRAMES = 1;
/** Blur a little past the letters, in percent of the frame. */
const PADDING_PERCENT = 0.5;

const sameText = (a: string, b: string) => a.replace(/\s/g, '') === b.replace(/\s/g, '');
const overlaps = (a: Sighting['box'], b: Sighting['box']) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Sightings of the same text at about the same place in consecutive sampled frames become one
 * region, from the first frame's time to the next sample after the last (clamped to the video's
 * length); its box covers the text in every frame, a little padded, within the frame.
 */
export function mergeSightings(
  sightings: Sighting[],
  frame: { width: number; height: number; intervalSeconds: number; durationSeconds: number },
): SensitiveRegion[] {
  const runs: { first: Sighting; last: Sighting; box: Sighting['box'] }[] = [];
  for (const sighting of [...sightings].sort((a, b) => a.frame - b.frame)) {
    const run = runs.find(
      (candidate) =>
        candidate.last.kind === sighting.kind &&
        sameText(candidate.last.text, sighting.text) &&
        sighting.frame > candidate.last.frame &&
        sighting.frame - candidate.last.frame <= 1 + MISSED_FRAMES &&
        overlaps(candidate.last.box, sighting.box),
    );
    if (!run) {
      runs.push({ first: sighting, last: sighting, box: { ...sighting.box } });
      continue;
    }
    run.last = sighting;
    run.box = {
      left: Math.min(run.box.left, sighting.box.left),
      top: Math.min(run.box.top, sighting.box.top),
      right: Math.max(run.box.right, sighting.box.right),
      bottom: Math.max(run.box.bottom, sighting.box.bottom),
    };
  }
  const percent = (pixels: number, of: number) => (pixels / of) * 100;
  const clamp = (value: number) => Math.min(100, Math.max(0, value));
  return runs.map(({ first, last, box }) => {
    const x = clamp(percent(box.left, frame.width) - PADDING_PERCENT);
    const y = clamp(percent(box.top, frame.height) - PADDING_PERCENT);
    const right = clamp(percent(box.right, frame.width) + PADDING_PERCENT);
    const bottom = clamp(percent(box.bottom, frame.height) + PADDING_PERCENT);
    const fromSeconds = first.frame * frame.intervalSeconds;
    const toSeconds = Math.min(frame.durationSeconds, (last.frame + 1) * frame.intervalSeconds);
    return { kind: first.kind, text: first.text, fromSeconds, toSeconds, x, y, width: right - x, height: bottom - y };
  });
}
