import { describe, expect, it } from 'vitest';
import { clampRect } from '../capture/settings.ts';
import { paintStrokes, spotlightShade } from './paint.ts';
import { createDrawingBoard, defaultStyle, type Stroke } from './strokes.ts';
import { viewThroughArea } from './view.ts';

const screen = { width: 1280, height: 720 };
const area = { x: 100, y: 60, width: 640, height: 360 };
const at = (x: number, y: number) => ({ x: x / screen.width, y: y / screen.height });

describe('viewThroughArea', () => {
  it("moves a stroke by the area's corner: the area's corners are the picture's", () => {
    const view = viewThroughArea(screen, area, area);
    expect(view.toPicture(at(100, 60))).toEqual({ x: 0, y: 0 });
    expect(view.toPicture(at(740, 420))).toEqual({ x: 640, y: 360 });
    expect(view.toPicture(at(420, 240))).toEqual({ x: 320, y: 180 });
    expect(view.scale).toBe(1);
  });

  it('puts what was drawn outside the area outside the picture (so nothing of it is recorded)', () => {
    const view = viewThroughArea(screen, area, area);
    const left = view.toPicture(at(50, 200));
    const below = view.toPicture(at(400, 700));
    expect(left.x).toBeLessThan(0);
    expect(below.y).toBeGreaterThan(360);
  });

  it('scales with a picture smaller than the area, and without an area is the whole screen', () => {
    const half = viewThroughArea(screen, area, { width: 320, height: 180 });
    expect(half.toPicture(at(740, 420))).toEqual({ x: 320, y: 180 });
    expect(half.scale).toBe(0.5);
    const whole = viewThroughArea(screen, null, screen);
    expect(whole.toPicture({ x: 0.5, y: 0.25 })).toEqual({ x: 640, y: 180 });
    expect(whole.scale).toBe(1);
  });

  it('the drawing layer over a 640-pixel preview of the screen is the same view at half the scale', () => {
    const preview = viewThroughArea(screen, null, { width: 640, height: 360 });
    expect(preview.toPicture(at(740, 420))).toEqual({ x: 370, y: 210 });
    expect(preview.scale).toBe(0.5);
  });
});

/** A 2D context that writes down what is drawn (node has no canvas; Chromium draws it in apps/web-e2e). */
function recordingContext() {
  const calls: unknown[][] = [];
  const state: Record<string, unknown> = { globalAlpha: 1 };
  const stack: Record<string, unknown>[] = [];
  const context = new Proxy(state, {
    get(target, name: string) {
      if (name in target) return target[name];
      return (...args: unknown[]) => {
        if (name === 'save') stack.push({ ...target });
        if (name === 'restore') Object.assign(target, stack.pop());
        calls.push([name, ...args, ...(name.startsWith('stroke') || name === 'fill' ? [{ ...target }] : [])]);
      };
    },
    set(target, name: string, value) {
      target[name] = value;
      return true;
    },
  });
  return { context: context as unknown as CanvasRenderingContext2D, calls };
}

describe('paintStrokes', () => {
  it('a rectangle drawn on the screen is drawn at its place in the area, its line width in the picture', () => {
    const board = createDrawingBoard();
    board.begin('rectangle', at(200, 100), { ...defaultStyle, width: 8 });
    board.extend(at(400, 300));
    board.end(0);
    const { context, calls } = recordingContext();
    paintStrokes(context, board.visible(0), viewThroughArea(screen, clampRect(area, 1280, 720), area), 0);
    const rect = calls.find(([name]) => name === 'strokeRect')!;
    expect(rect.slice(1, 5)).toEqual([100, 40, 200, 200]);
    expect(rect[5]).toMatchObject({ strokeStyle: '#ef4444', lineWidth: 8, globalAlpha: 1 });
  });

  it('a fading stroke is drawn see-through, a faded one not at all, a highlighter see-through and wide', () => {
    const fading: Stroke = { ...defaultStyle, fades: true, tool: 'pen', points: [at(10, 10), at(20, 20)], doneAt: 0 };
    const highlighter: Stroke = { ...defaultStyle, tool: 'highlighter', points: [at(10, 10), at(90, 10)], doneAt: 0 };
    const { context, calls } = recordingContext();
    const view = viewThroughArea(screen, null, screen);
    paintStrokes(context, [fading, highlighter], view, 3500);
    const strokes = calls.filter(([name]) => name === 'stroke').map((call) => call[1] as Record<string, number>);
    expect(strokes[0]?.globalAlpha).toBeCloseTo(0.5);
    expect(strokes[1]?.globalAlpha).toBeCloseTo(0.35);
    expect(strokes[1]?.lineWidth).toBe(18);
    const later = recordingContext();
    paintStrokes(later.context, [fading], view, 10_000);
    expect(later.calls).toEqual([]);
  });

  it('a spotlight darkens the whole picture but its ellipse (even-odd fill)', () => {
    const spotlight: Stroke = { ...defaultStyle, tool: 'spotlight', points: [at(100, 100), at(300, 200)], doneAt: 0 };
    const { context, calls } = recordingContext();
    paintStrokes(context, [spotlight], viewThroughArea(screen, null, screen), 0);
    expect(calls.find(([name]) => name === 'rect')?.slice(1)).toEqual([0, 0, 1280, 720]);
    expect(calls.find(([name]) => name === 'ellipse')?.slice(1, 5)).toEqual([200, 150, 100, 50]);
    const fill = calls.find(([name]) => name === 'fill')!;
    expect(fill[1]).toBe('evenodd');
    expect(fill[2]).toMatchObject({ fillStyle: `rgba(0, 0, 0, ${spotlightShade})` });
  });
});
