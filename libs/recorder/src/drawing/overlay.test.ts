import { describe, expect, it } from 'vitest';
import { strokeBounds, type Rect } from './blend.ts';
import { createStrokeOverlay, type ReadableContext } from './overlay.ts';
import { createDrawingBoard, defaultStyle } from './strokes.ts';
import { viewThroughArea } from './view.ts';

/**
 * A 2D context that paints nothing (node has no canvas) and reads back transparent pixels: what
 * is read back, and when, is what these tests look at; the pixels' blending is blend.test.ts's.
 */
function recordingContext() {
  const reads: Rect[] = [];
  const canvas = { width: 2, height: 2 };
  const base: ReadableContext = {
    canvas,
    setTransform: () => undefined,
    clearRect: () => undefined,
    getImageData(x, y, width, height) {
      reads.push({ x, y, width, height });
      return { data: new Uint8ClampedArray(width * height * 4) };
    },
  };
  const context = new Proxy(base, {
    get: (target, name) => (name in target ? target[name as keyof ReadableContext] : () => undefined),
    set: () => true,
  });
  return { context: context as unknown as Parameters<typeof createStrokeOverlay>[0], reads, canvas };
}

const view = viewThroughArea({ width: 1920, height: 1080 }, null, { width: 1920, height: 1080 });
const matrix = { bt709: true, fullRange: false };

describe('createStrokeOverlay', () => {
  it('reads the strokes back once, then only where a pen line being drawn grew', () => {
    const { context, reads, canvas } = recordingContext();
    const overlay = createStrokeOverlay(context);
    const board = createDrawingBoard();
    board.begin('spotlight', { x: 0.3, y: 0.3 }, defaultStyle);
    board.extend({ x: 0.7, y: 0.7 });
    board.end(0);
    board.begin('pen', { x: 0.5, y: 0.5 }, defaultStyle);
    const mask = overlay.maskFor(board.visible(0), view, 0, matrix);
    expect(canvas).toEqual({ width: 1920, height: 1080 });
    expect([mask.width, mask.height]).toEqual([1920, 1080]);
    expect(reads).toEqual([{ x: 0, y: 0, width: 1920, height: 1080 }]);

    // The same drawing next frame: nothing read.
    overlay.maskFor(board.visible(10), view, 10, matrix);
    expect(reads).toHaveLength(1);

    board.extend({ x: 0.52, y: 0.5 });
    overlay.maskFor(board.visible(20), view, 20, matrix);
    expect(reads).toHaveLength(2);
    const segment = strokeBounds(
      [
        {
          ...defaultStyle,
          tool: 'pen',
          points: [
            { x: 0.5, y: 0.5 },
            { x: 0.52, y: 0.5 },
          ],
          doneAt: null,
        },
      ],
      view,
    );
    expect(reads[1]).toEqual(segment);
    expect(reads[1]!.width * reads[1]!.height).toBeLessThan((1920 * 1080) / 100);
  });

  it('an undo reads back where the strokes were and where they are; a new picture size starts again', () => {
    const { context, reads } = recordingContext();
    const overlay = createStrokeOverlay(context);
    const board = createDrawingBoard();
    board.begin('rectangle', { x: 0.1, y: 0.1 }, defaultStyle);
    board.extend({ x: 0.2, y: 0.2 });
    board.end(0);
    board.begin('rectangle', { x: 0.7, y: 0.7 }, defaultStyle);
    board.extend({ x: 0.8, y: 0.8 });
    board.end(0);
    overlay.maskFor(board.visible(0), view, 0, matrix);
    const both = reads.at(-1)!;
    board.undo();
    overlay.maskFor(board.visible(0), view, 0, matrix);
    expect(reads.at(-1)).toEqual(both);

    const small = viewThroughArea({ width: 1920, height: 1080 }, null, { width: 1280, height: 720 });
    const mask = overlay.maskFor(board.visible(0), small, 0, matrix);
    expect([mask.width, mask.height]).toEqual([1280, 720]);
    expect(reads.at(-1)).toEqual(strokeBounds(board.visible(0), small));
  });
});
