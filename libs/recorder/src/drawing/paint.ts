/**
 * Draws strokes into a 2D context: the recording's compositor (capture/compositor.ts) and the
 * drawing layer over the preview call the same function, so what is seen is what is recorded.
 * Hand-written: each of the six tools is a few path operations, and the compositor runs it 30 or
 * 60 times a second on the picture's full size, where a library's outline computation would cost.
 */
import { opacityAt, type Stroke } from './strokes.ts';
import type { PictureView } from './view.ts';

export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** The spotlight darkens everything outside its ellipse this much. */
export const spotlightShade = 0.6;
export const highlighterAlpha = 0.35;

export function paintStrokes(context: Context2D, strokes: readonly Stroke[], view: PictureView, now: number) {
  for (const stroke of strokes) {
    const alpha = opacityAt(stroke, now);
    if (alpha <= 0) continue;
    context.save();
    context.globalAlpha = alpha;
    paintStroke(context, stroke, view);
    context.restore();
  }
}

function paintStroke(context: Context2D, stroke: Stroke, view: PictureView) {
  const points = stroke.points.map((point) => view.toPicture(point));
  const [first, last] = [points[0], points.at(-1)];
  if (!first || !last) return;
  const lineWidth = Math.max(1, stroke.width * view.scale);
  context.strokeStyle = stroke.colour;
  context.fillStyle = stroke.colour;
  context.lineWidth = lineWidth;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  switch (stroke.tool) {
    case 'highlighter':
    case 'pen': {
      if (stroke.tool === 'highlighter') {
        // A wide, see-through pen.
        context.globalAlpha *= highlighterAlpha;
        context.lineWidth = lineWidth * 3;
        context.lineCap = 'square';
      }
      context.beginPath();
      context.moveTo(first.x, first.y);
      if (points.length === 1) context.lineTo(first.x + 0.01, first.y); // a dot
      for (const point of points.slice(1)) context.lineTo(point.x, point.y);
      context.stroke();
      return;
    }
    case 'rectangle':
      context.strokeRect(
        Math.min(first.x, last.x),
        Math.min(first.y, last.y),
        Math.abs(last.x - first.x),
        Math.abs(last.y - first.y),
      );
      return;
    case 'arrow': {
      const angle = Math.atan2(last.y - first.y, last.x - first.x);
      const head = Math.max(lineWidth * 4, 12 * view.scale);
      context.beginPath();
      context.moveTo(first.x, first.y);
      context.lineTo(last.x - Math.cos(angle) * head * 0.6, last.y - Math.sin(angle) * head * 0.6);
      context.stroke();
      context.beginPath();
      context.moveTo(last.x, last.y);
      context.lineTo(last.x - head * Math.cos(angle - Math.PI / 7), last.y - head * Math.sin(angle - Math.PI / 7));
      context.lineTo(last.x - head * Math.cos(angle + Math.PI / 7), last.y - head * Math.sin(angle + Math.PI / 7));
      context.closePath();
      context.fill();
      return;
    }
    case 'text':
      context.font = `bold ${Math.round(Math.max(12, stroke.width * 5) * view.scale)}px sans-serif`;
      context.textBaseline = 'top';
      context.fillText(stroke.text ?? '', first.x, first.y);
      return;
    case 'spotlight': {
      context.fillStyle = `rgba(0, 0, 0, ${spotlightShade})`;
      context.beginPath();
      context.rect(0, 0, view.width, view.height);
      context.ellipse(
        (first.x + last.x) / 2,
        (first.y + last.y) / 2,
        Math.abs(last.x - first.x) / 2,
        Math.abs(last.y - first.y) / 2,
        0,
        0,
        Math.PI * 2,
      );
      context.fill('evenodd');
      return;
    }
  }
}
