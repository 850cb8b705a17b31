/** What an annotation is, as the player and the editor see it (the app maps the wire's message to it). */
export type AnnotationKindLabel = 'text' | 'arrow' | 'box' | 'blur';

/**
 * One annotation: shown from `from` to `to` (seconds, [from, to)), placed in percent of the frame.
 * TEXT, BOX and BLUR cover the rectangle (x, y, width, height); an ARROW points from (x, y) to
 * (x + width, y + height).
 */
export interface AnnotationMark {
  kind: AnnotationKindLabel;
  from: number;
  to: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** What a TEXT callout says. */
  text: string;
  /** "#rrggbb"; "" is the default red. */
  color: string;
}

export const DEFAULT_ANNOTATION_COLOR = '#ef4444';

export const colorOf = (mark: Pick<AnnotationMark, 'color'>) =>
  /^#[0-9a-f]{6}$/i.test(mark.color) ? mark.color : DEFAULT_ANNOTATION_COLOR;

/** The overlays the player draws at `time`: blur is in the pixels, never drawn. */
export function overlaysAt(marks: readonly AnnotationMark[], time: number): AnnotationMark[] {
  return marks.filter((mark) => mark.kind !== 'blur' && mark.from <= time && time < mark.to);
}
