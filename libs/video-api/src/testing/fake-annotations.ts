import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { type Annotation, AnnotationKind, AnnotationSchema, MAX_ANNOTATION_TEXT, MAX_ANNOTATIONS } from '@stream/proto';
import { invalid } from './fake-validation';

// The server's rules for SaveEdits' annotations (apps/api/src/edits/annotation-rules.ts and
// annotation-timeline.ts), for the fake edit service; the edit contract suite runs both.

const EDGE_SECONDS = 0.05;
const round = (value: number) => Math.round(value * 1000) / 1000;
const inFrame = (value: number) => value >= 0 && value <= 100;
const clamp = (value: number) => Math.min(100, Math.max(0, value));
const RECTS = new Set([AnnotationKind.TEXT, AnnotationKind.BOX, AnnotationKind.BLUR]);
const KINDS = new Set([...RECTS, AnnotationKind.ARROW]);

/** The annotations of a SaveEdits of a `durationSeconds` video, checked and clamped as the server does. */
export function validAnnotations(list: readonly Annotation[], durationSeconds: number): Annotation[] {
  if (list.length > MAX_ANNOTATIONS) throw invalid(`annotations must hold at most ${MAX_ANNOTATIONS} entries`);
  return list.map((annotation, index) => checked(annotation, `annotations[${index}]`, durationSeconds));
}

function checked(a: Annotation, name: string, duration: number): Annotation {
  if (!KINDS.has(a.kind)) throw invalid(`${name} needs a kind: text, arrow, box or blur`);
  if (![a.fromSeconds, a.toSeconds, a.x, a.y, a.width, a.height].every(Number.isFinite))
    throw invalid(`${name} must hold finite numbers`);
  if (a.fromSeconds < 0) throw invalid(`${name} starts before the video`);
  if (a.fromSeconds >= a.toSeconds) throw invalid(`${name} must end after it starts (from_seconds < to_seconds)`);
  if (a.fromSeconds >= duration) throw invalid(`${name} starts after the video ends`);
  if (a.toSeconds > duration + EDGE_SECONDS)
    throw invalid(`${name} ends after the video ends (at ${round(duration)} s)`);
  if (!inFrame(a.x) || !inFrame(a.y)) throw invalid(`${name} x and y must be from 0 to 100 (percent of the frame)`);
  let { width, height } = a;
  if (RECTS.has(a.kind)) {
    if (width <= 0 || height <= 0) throw invalid(`${name} width and height must be above 0`);
    width = Math.min(width, 100 - a.x);
    height = Math.min(height, 100 - a.y);
    if (width <= 0 || height <= 0) throw invalid(`${name} has no area inside the frame`);
  } else {
    width = clamp(a.x + width) - a.x;
    height = clamp(a.y + height) - a.y;
    if (width === 0 && height === 0) throw invalid(`${name} is an arrow of no length: width and height are both 0`);
  }
  if ([...a.text].length > MAX_ANNOTATION_TEXT)
    throw invalid(`${name} text must be at most ${MAX_ANNOTATION_TEXT} characters`);
  if (a.text.includes('\0')) throw invalid(`${name} text must not contain NUL characters`);
  if (a.kind === AnnotationKind.TEXT && !a.text.trim()) throw invalid(`${name} is a text callout without text`);
  if (a.color !== '' && !/^#[0-9a-fA-F]{6}$/.test(a.color))
    throw invalid(`${name} color must be "#rrggbb" (or "" for the default red)`);
  return create(AnnotationSchema, {
    kind: a.kind,
    fromSeconds: round(a.fromSeconds),
    toSeconds: round(Math.min(a.toSeconds, duration)),
    x: round(a.x),
    y: round(a.y),
    width: round(width),
    height: round(height),
    text: a.text,
    color: a.color.toLowerCase(),
  });
}

/** The overlays (not blur) moved onto the timeline of a version holding `playing` (empty: the original). */
export function overlaysOnPlayingTimeline(
  annotations: readonly Annotation[],
  playing: readonly { startSeconds: number; endSeconds: number }[],
): MessageInitShape<typeof AnnotationSchema>[] {
  const overlays = annotations.filter((a) => a.kind !== AnnotationKind.BLUR);
  if (playing.length === 0) return overlays;
  return overlays.flatMap((a) => {
    const moved: Annotation[] = [];
    let offset = 0;
    for (const range of playing) {
      const from = Math.max(a.fromSeconds, range.startSeconds);
      const to = Math.min(a.toSeconds, range.endSeconds);
      if (to - from >= 0.01)
        moved.push({
          ...a,
          fromSeconds: round(offset + from - range.startSeconds),
          toSeconds: round(offset + to - range.startSeconds),
        });
      offset += range.endSeconds - range.startSeconds;
    }
    return moved;
  });
}
