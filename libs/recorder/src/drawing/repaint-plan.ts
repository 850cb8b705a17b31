/**
 * What of the drawing has to be painted again since the last frame (drawing/overlay.ts keeps the
 * strokes painted between frames): nothing, a few strokes on top of what is there (a new stroke, or
 * the new end of a pen line being drawn), or all of it (an undo, a clear, a fading stroke). Pure.
 */
import type { Stroke } from './strokes.ts';

/** A stroke as it was painted: at that opacity (a fading stroke's changes with time). */
export interface PaintedStroke {
  readonly stroke: Stroke;
  readonly alpha: number;
}

export type RepaintPlan =
  | { readonly kind: 'same' }
  /** Paint these over what is painted: the result is what painting everything again would give. */
  | { readonly kind: 'on-top'; readonly strokes: readonly Stroke[] }
  | { readonly kind: 'all' };

export function planRepaint(before: readonly PaintedStroke[] | null, after: readonly PaintedStroke[]): RepaintPlan {
  if (!before || after.length < before.length) return { kind: 'all' };
  const onTop: Stroke[] = [];
  for (const [index, was] of before.entries()) {
    const now = after[index]!;
    if (samePaint(was, now)) continue;
    const tail = index === before.length - 1 ? newEnd(was, now) : null;
    if (!tail) return { kind: 'all' };
    onTop.push(tail);
  }
  onTop.push(...after.slice(before.length).map(({ stroke }) => stroke));
  return onTop.length === 0 ? { kind: 'same' } : { kind: 'on-top', strokes: onTop };
}

/** The same picture: a stroke finished (its `doneAt` set) paints as it did while drawn. */
function samePaint(a: PaintedStroke, b: PaintedStroke): boolean {
  return (
    a.alpha === b.alpha &&
    a.stroke.points === b.stroke.points &&
    a.stroke.tool === b.stroke.tool &&
    a.stroke.colour === b.stroke.colour &&
    a.stroke.width === b.stroke.width &&
    a.stroke.text === b.stroke.text
  );
}

/**
 * A pen line that grew: its new segments, from the last point painted, as a stroke of their own.
 * Only an opaque pen: painting a see-through line (a highlighter, a fading pen) in pieces would
 * darken it where the pieces overlap.
 */
function newEnd(was: PaintedStroke, now: PaintedStroke): Stroke | null {
  const [a, b] = [was.stroke, now.stroke];
  if (a.tool !== 'pen' || b.tool !== 'pen' || was.alpha !== 1 || now.alpha !== 1) return null;
  if (a.colour !== b.colour || a.width !== b.width) return null;
  const last = a.points.length - 1;
  if (b.points.length <= a.points.length || b.points[0] !== a.points[0] || b.points[last] !== a.points[last]) {
    return null;
  }
  return { ...b, points: b.points.slice(last) };
}
