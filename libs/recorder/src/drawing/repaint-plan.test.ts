import { describe, expect, it } from 'vitest';
import { planRepaint, type PaintedStroke } from './repaint-plan.ts';
import { createDrawingBoard, defaultStyle, fadeAfterMs, type Stroke } from './strokes.ts';

const painted = (strokes: readonly Stroke[], alpha = 1): PaintedStroke[] =>
  strokes.map((stroke) => ({ stroke, alpha }));

describe('planRepaint', () => {
  it('paints everything the first time and nothing while the drawing is the same', () => {
    const board = createDrawingBoard();
    board.begin('rectangle', { x: 0.1, y: 0.1 }, defaultStyle);
    board.extend({ x: 0.3, y: 0.3 });
    const first = painted(board.visible(0));
    expect(planRepaint(null, first)).toEqual({ kind: 'all' });
    expect(planRepaint(first, painted(board.visible(0)))).toEqual({ kind: 'same' });
    // Finishing a stroke changes nothing painted.
    board.end(0);
    expect(planRepaint(first, painted(board.visible(0)))).toEqual({ kind: 'same' });
  });

  it('a pen line being drawn: only its new segments, from the last point painted, on top', () => {
    const board = createDrawingBoard();
    board.begin('spotlight', { x: 0.2, y: 0.2 }, defaultStyle);
    board.extend({ x: 0.8, y: 0.8 });
    board.end(0);
    board.begin('pen', { x: 0.5, y: 0.5 }, defaultStyle);
    board.extend({ x: 0.51, y: 0.5 });
    const before = painted(board.visible(0));
    board.extend({ x: 0.52, y: 0.51 });
    board.extend({ x: 0.53, y: 0.52 });
    const plan = planRepaint(before, painted(board.visible(0)));
    expect(plan.kind).toBe('on-top');
    if (plan.kind !== 'on-top') return;
    expect(plan.strokes).toHaveLength(1);
    expect(plan.strokes[0]!.tool).toBe('pen');
    expect(plan.strokes[0]!.points).toEqual([
      { x: 0.51, y: 0.5 },
      { x: 0.52, y: 0.51 },
      { x: 0.53, y: 0.52 },
    ]);
  });

  it('a new stroke is painted alone on top; undo, clear and a see-through line being drawn paint everything', () => {
    const board = createDrawingBoard();
    board.begin('arrow', { x: 0.1, y: 0.1 }, defaultStyle);
    board.extend({ x: 0.3, y: 0.3 });
    board.end(0);
    const before = painted(board.visible(0));
    board.begin('text', { x: 0.5, y: 0.5 }, defaultStyle, 'Here');
    const withText = painted(board.visible(0));
    expect(planRepaint(before, withText)).toEqual({ kind: 'on-top', strokes: [withText[1]!.stroke] });
    board.undo();
    expect(planRepaint(withText, painted(board.visible(0)))).toEqual({ kind: 'all' });
    board.clear();
    expect(planRepaint(before, painted(board.visible(0)))).toEqual({ kind: 'all' });

    board.begin('highlighter', { x: 0.5, y: 0.5 }, defaultStyle);
    const highlighter = painted(board.visible(0));
    board.extend({ x: 0.6, y: 0.5 });
    expect(planRepaint(highlighter, painted(board.visible(0)))).toEqual({ kind: 'all' });
  });

  it('a fading stroke paints everything again as its opacity changes', () => {
    const board = createDrawingBoard();
    board.begin('pen', { x: 0.5, y: 0.5 }, { ...defaultStyle, fades: true });
    board.extend({ x: 0.6, y: 0.5 });
    board.end(0);
    const at = (now: number) => board.visible(now).map((stroke) => ({ stroke, alpha: now > fadeAfterMs ? 0.5 : 1 }));
    expect(planRepaint(at(0), at(10))).toEqual({ kind: 'same' });
    expect(planRepaint(at(0), at(fadeAfterMs + 500))).toEqual({ kind: 'all' });
  });
});
