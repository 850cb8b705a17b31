import type { AnnotationKindLabel, AnnotationMark } from '../player';
import { formatTimecode } from '../primitives';

/** The contract's limits (SaveEditsRequest.annotations, Annotation.text). */
export const MAX_ANNOTATIONS = 200;
export const MAX_ANNOTATION_TEXT = 500;

/** How long a new annotation lasts unless the video ends first. */
const NEW_LENGTH_SECONDS = 3;

const NEW_RECT: Record<AnnotationKindLabel, Pick<AnnotationMark, 'x' | 'y' | 'width' | 'height'>> = {
  text: { x: 5, y: 5, width: 40, height: 12 },
  arrow: { x: 20, y: 20, width: 20, height: 20 },
  box: { x: 25, y: 25, width: 30, height: 30 },
  blur: { x: 25, y: 25, width: 30, height: 30 },
};

/** A new annotation of `kind` at the playhead, in the middle of the frame, for a few seconds. */
export function newAnnotation(kind: AnnotationKindLabel, at: number, duration: number): AnnotationMark {
  const from = Math.max(0, Math.min(at, duration - 0.1));
  return {
    kind,
    from,
    to: Math.min(duration, from + NEW_LENGTH_SECONDS),
    ...NEW_RECT[kind],
    text: kind === 'text' ? 'Note' : '',
    color: '',
  };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The mark kept inside the frame: a rectangle is moved and shrunk into 0-100, an arrow's ends are
 * pulled onto its edges. `clamped` says whether anything moved.
 */
export function clampToFrame(mark: AnnotationMark): { mark: AnnotationMark; clamped: boolean } {
  let next: AnnotationMark;
  if (mark.kind === 'arrow') {
    const x = clamp(mark.x, 0, 100);
    const y = clamp(mark.y, 0, 100);
    next = {
      ...mark,
      x,
      y,
      width: clamp(mark.x + mark.width, 0, 100) - x,
      height: clamp(mark.y + mark.height, 0, 100) - y,
    };
  } else {
    const x = clamp(mark.x, 0, 100);
    const y = clamp(mark.y, 0, 100);
    next = { ...mark, x, y, width: clamp(mark.width, 0, 100 - x), height: clamp(mark.height, 0, 100 - y) };
  }
  const clamped = (['x', 'y', 'width', 'height'] as const).some((key) => next[key] !== mark[key]);
  return { mark: next, clamped };
}

/** Why the mark cannot be saved, in words for its owner; undefined when it can. */
export function annotationProblem(mark: AnnotationMark, duration: number): string | undefined {
  if (mark.kind === 'arrow' ? mark.width === 0 && mark.height === 0 : mark.width <= 0 || mark.height <= 0)
    return mark.kind === 'arrow' ? 'An arrow needs a length' : 'Width and Height must be above 0';
  if (mark.from < 0) return 'From must be 0:00.0 or later';
  if (mark.from >= mark.to) return 'From must come before To';
  if (duration > 0 && mark.to > duration + 0.05) return `The video is ${formatTimecode(duration)} long`;
  if (mark.kind === 'text' && !mark.text.trim()) return 'A text callout needs its text';
  if (mark.text.length > MAX_ANNOTATION_TEXT) return `Text can be at most ${MAX_ANNOTATION_TEXT} characters`;
  return undefined;
}

/** The first problem of a list of marks, naming which one; undefined when all can be saved. */
export function annotationsProblem(marks: readonly AnnotationMark[], duration: number): string | undefined {
  if (marks.length > MAX_ANNOTATIONS) return `At most ${MAX_ANNOTATIONS} annotations`;
  for (const [index, mark] of marks.entries()) {
    const problem = annotationProblem(mark, duration);
    if (problem) return `Annotation ${index + 1}: ${problem}`;
  }
  return undefined;
}

/** A point on the frame, in percent of its width and height. */
export interface FramePoint {
  x: number;
  y: number;
}

/** The place a drag from `start` to `end` gives a mark: a rectangle between the two, or an arrow from one to the other. */
export function placeByDrag(kind: AnnotationKindLabel, start: FramePoint, end: FramePoint) {
  if (kind === 'arrow') return { x: start.x, y: start.y, width: end.x - start.x, height: end.y - start.y };
  return {
    x: Math.min(start.x, end.x),
    y: Math.min(start.y, end.y),
    width: Math.abs(end.x - start.x),
    height: Math.abs(end.y - start.y),
  };
}

/**
 * Where a pointer at (clientX, clientY) is on the picture of a <video> laid out in `box` that
 * letterboxes a `frame`-sized picture (object-fit: contain), in percent, kept inside the picture.
 */
export function pointOnFrame(
  pointer: { clientX: number; clientY: number },
  box: { left: number; top: number; width: number; height: number },
  frame: { width: number; height: number },
): FramePoint {
  const scale = Math.min(box.width / frame.width, box.height / frame.height);
  const width = frame.width * scale;
  const height = frame.height * scale;
  const left = box.left + (box.width - width) / 2;
  const top = box.top + (box.height - height) / 2;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    x: round(clamp(((pointer.clientX - left) / width) * 100, 0, 100)),
    y: round(clamp(((pointer.clientY - top) / height) * 100, 0, 100)),
  };
}
