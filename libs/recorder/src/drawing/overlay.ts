/**
 * The strokes as a blend mask (drawing/blend.ts), kept from frame to frame: painted into a canvas
 * the picture's size and read back only where the drawing changed (drawing/repaint-plan.ts). A
 * spotlight and a big pen line are then read once, not every frame; a pen line being drawn costs
 * its newest segments.
 */
import { createBlendMask, strokeBounds, warmBlend, type BlendMask, type Rect, type YuvMatrix } from './blend.ts';
import { paintStrokes } from './paint.ts';
import { planRepaint, type PaintedStroke } from './repaint-plan.ts';
import { opacityAt, type Stroke } from './strokes.ts';
import type { PictureView } from './view.ts';

/** A 2D context that can be read back (an OffscreenCanvas's, made with willReadFrequently). */
export interface ReadableContext {
  readonly canvas: { width: number; height: number };
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
}

export interface StrokeOverlay {
  /** The mask of `strokes` as they look at `now` in `view`, brought up to date. */
  maskFor(strokes: readonly Stroke[], view: PictureView, now: number, matrix: YuvMatrix): BlendMask;
}

export function createStrokeOverlay(context: ReadableContext & Parameters<typeof paintStrokes>[0]): StrokeOverlay {
  // Before the first stroke, not in its frame (see warmBlend).
  setTimeout(() => warmBlend(), 0);
  let mask: BlendMask | null = null;
  let painted: readonly PaintedStroke[] | null = null;
  let paintedFor = '';

  function readBack(rect: Rect | null) {
    if (!mask || !rect) return;
    mask.paint(context.getImageData(rect.x, rect.y, rect.width, rect.height).data, rect);
  }

  return {
    maskFor(strokes, view, now, matrix) {
      const key = viewKey(view, matrix);
      if (key !== paintedFor || !mask) {
        Object.assign(context.canvas, { width: view.width, height: view.height });
        mask = createBlendMask(view.width, view.height, matrix);
        painted = null;
        paintedFor = key;
      }
      const next = strokes.map((stroke) => ({ stroke, alpha: opacityAt(stroke, now) }));
      const plan = planRepaint(painted, next);
      context.setTransform(1, 0, 0, 1, 0, 0);
      if (plan.kind === 'on-top') {
        paintStrokes(context, plan.strokes, view, now);
        readBack(strokeBounds(plan.strokes, view));
      } else if (plan.kind === 'all') {
        const before = painted
          ? strokeBounds(
              painted.map(({ stroke }) => stroke),
              view,
            )
          : null;
        context.clearRect(0, 0, view.width, view.height);
        paintStrokes(context, strokes, view, now);
        // Read what the strokes cover now and what they covered before (now cleared), at once.
        readBack(union(before, strokeBounds(strokes, view)));
      }
      painted = next;
      return mask;
    },
  };
}

function viewKey(view: PictureView, matrix: YuvMatrix): string {
  const [origin, corner] = [view.toPicture({ x: 0, y: 0 }), view.toPicture({ x: 1, y: 1 })];
  return [
    view.width,
    view.height,
    view.scale,
    origin.x,
    origin.y,
    corner.x,
    corner.y,
    matrix.bt709,
    matrix.fullRange,
  ].join();
}

function union(a: Rect | null, b: Rect | null): Rect | null {
  if (!a || !b) return a ?? b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
