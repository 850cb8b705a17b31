import { MAX_ANNOTATION_TEXT, MAX_ANNOTATIONS } from '@stream/proto';
import type { AnnotationKind, StoredAnnotation } from './edit.table';
import { AppError } from '../platform/app-error';

export { MAX_ANNOTATION_TEXT, MAX_ANNOTATIONS };
/** An end this close past the video's end is taken to mean the end (players round lengths). */
const EDGE_SECONDS = 0.05;

/** An annotation as asked; `kind` undefined: unspecified or a number the enum does not define. */
export type AnnotationInput = Omit<StoredAnnotation, 'kind'> & { kind: AnnotationKind | undefined };

const invalid = (message: string) => new AppError('invalid_argument', message);
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
const percent = (value: number) => Math.round(value * 1000) / 1000;
const RECT_KINDS: ReadonlySet<AnnotationKind> = new Set(['TEXT', 'BOX', 'BLUR']);

/**
 * The annotations of an edit of a `durationSeconds` video, checked. Refused: more than
 * MAX_ANNOTATIONS, no kind, a time outside the video or from >= to, a corner (x, y) outside 0-100,
 * a rectangle of zero or negative size, an arrow of no length, text over MAX_ANNOTATION_TEXT
 * characters or a TEXT without any, a colour that is not "#rrggbb". Clamped: a rectangle or an
 * arrow's head reaching past the frame's edge stops at it, and an end within 50 ms past the video's
 * end is its end. Order is kept (later ones draw on top).
 */
export function annotations(list: readonly AnnotationInput[], durationSeconds: number): StoredAnnotation[] {
  if (list.length > MAX_ANNOTATIONS) throw invalid(`annotations must hold at most ${MAX_ANNOTATIONS} entries`);
  return list.map((annotation, index) => checked(annotation, `annotations[${index}]`, durationSeconds));
}

function checked(input: AnnotationInput, name: string, durationSeconds: number): StoredAnnotation {
  const { kind } = input;
  if (!kind) throw invalid(`${name} needs a kind: text, arrow, box or blur`);
  const numbers = [input.from, input.to, input.x, input.y, input.width, input.height];
  if (!numbers.every(Number.isFinite)) throw invalid(`${name} must hold finite numbers`);
  if (input.from < 0) throw invalid(`${name} starts before the video`);
  if (input.from >= input.to) throw invalid(`${name} must end after it starts (from_seconds < to_seconds)`);
  if (input.from >= durationSeconds) throw invalid(`${name} starts after the video ends`);
  if (input.to > durationSeconds + EDGE_SECONDS)
    throw invalid(`${name} ends after the video ends (at ${ms(durationSeconds)} s)`);
  if (!inFrame(input.x) || !inFrame(input.y))
    throw invalid(`${name} x and y must be from 0 to 100 (percent of the frame)`);
  const { width, height } = RECT_KINDS.has(kind) ? rectangle(input, name) : arrow(input, name);
  return {
    kind,
    from: ms(input.from),
    to: ms(Math.min(input.to, durationSeconds)),
    x: percent(input.x),
    y: percent(input.y),
    width: percent(width),
    height: percent(height),
    text: text(input.text, kind, name),
    color: color(input.color, name),
  };
}

const inFrame = (value: number) => value >= 0 && value <= 100;
const clamp = (value: number) => Math.min(100, Math.max(0, value));

/** TEXT, BOX and BLUR: both sizes above 0; what reaches past the frame's right or bottom is cut off. */
function rectangle(input: AnnotationInput, name: string) {
  if (input.width <= 0 || input.height <= 0) throw invalid(`${name} width and height must be above 0`);
  const width = Math.min(input.width, 100 - input.x);
  const height = Math.min(input.height, 100 - input.y);
  if (width <= 0 || height <= 0) throw invalid(`${name} has no area inside the frame`);
  return { width, height };
}

/** ARROW: from (x, y) to (x + width, y + height); a head past the frame's edge stops at it. */
function arrow(input: AnnotationInput, name: string) {
  const width = clamp(input.x + input.width) - input.x;
  const height = clamp(input.y + input.height) - input.y;
  if (width === 0 && height === 0) throw invalid(`${name} is an arrow of no length: width and height are both 0`);
  return { width, height };
}

function text(value: string, kind: AnnotationKind, name: string): string {
  if ([...value].length > MAX_ANNOTATION_TEXT)
    throw invalid(`${name} text must be at most ${MAX_ANNOTATION_TEXT} characters`);
  if (value.includes('\0')) throw invalid(`${name} text must not contain NUL characters`);
  if (kind === 'TEXT' && !value.trim()) throw invalid(`${name} is a text callout without text`);
  return value;
}

function color(value: string, name: string): string {
  if (value !== '' && !/^#[0-9a-fA-F]{6}$/.test(value))
    throw invalid(`${name} color must be "#rrggbb" (or "" for the default red)`);
  return value.toLowerCase();
}
