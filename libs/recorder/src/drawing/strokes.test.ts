import { describe, expect, it } from 'vitest';
import {
  createDrawingBoard,
  defaultStyle,
  fadeAfterMs,
  fadeOutMs,
  maxStrokes,
  maxTextLength,
  opacityAt,
} from './strokes.ts';

const red = defaultStyle;

describe('the drawing board', () => {
  it('keeps every point of a pen, only the two ends of a shape, and the one being drawn last', () => {
    const board = createDrawingBoard();
    board.begin('pen', { x: 0.1, y: 0.1 }, red);
    board.extend({ x: 0.2, y: 0.2 });
    board.extend({ x: 0.3, y: 0.25 });
    board.end(0);
    board.begin('rectangle', { x: 0.5, y: 0.5 }, red);
    board.extend({ x: 0.6, y: 0.6 });
    board.extend({ x: 0.7, y: 0.8 });
    const [pen, rectangle] = board.visible(0);
    expect(pen?.points).toEqual([
      { x: 0.1, y: 0.1 },
      { x: 0.2, y: 0.2 },
      { x: 0.3, y: 0.25 },
    ]);
    expect(rectangle).toMatchObject({
      tool: 'rectangle',
      doneAt: null,
      points: [
        { x: 0.5, y: 0.5 },
        { x: 0.7, y: 0.8 },
      ],
    });
    board.end(10);
    expect(board.visible(10).map((stroke) => stroke.tool)).toEqual(['pen', 'rectangle']);
  });

  it('drops a click with a shape tool (nothing to see) and keeps points on the screen', () => {
    const board = createDrawingBoard();
    board.begin('arrow', { x: 0.5, y: 0.5 }, red);
    board.end(0);
    expect(board.visible(0)).toEqual([]);
    board.begin('rectangle', { x: -3, y: Number.NaN }, red);
    board.extend({ x: 7, y: 0.5 });
    board.end(0);
    expect(board.visible(0)[0]?.points).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0.5 },
    ]);
  });

  it('undo takes back the last stroke (or the one being drawn), clear takes all', () => {
    const board = createDrawingBoard();
    for (const x of [0.1, 0.3, 0.5]) {
      board.begin('rectangle', { x, y: 0.1 }, red);
      board.extend({ x: x + 0.1, y: 0.2 });
      board.end(0);
    }
    board.undo();
    expect(board.visible(0).map((stroke) => stroke.points[0]?.x)).toEqual([0.1, 0.3]);
    board.begin('pen', { x: 0.9, y: 0.9 }, red);
    board.undo();
    expect(board.visible(0)).toHaveLength(2);
    board.clear();
    expect(board.visible(0)).toEqual([]);
    board.undo(); // nothing left: nothing happens
    expect(board.visible(0)).toEqual([]);
  });

  it('a fading stroke stays 3 s, disappears over 1 s and is gone; the others stay', () => {
    const board = createDrawingBoard();
    board.begin('pen', { x: 0.1, y: 0.1 }, { ...red, fades: true });
    board.end(1000);
    board.begin('pen', { x: 0.2, y: 0.2 }, red);
    board.end(1000);
    const [fading, staying] = board.visible(1000);
    expect(opacityAt(fading!, 1000 + fadeAfterMs)).toBe(1);
    expect(opacityAt(fading!, 1000 + fadeAfterMs + fadeOutMs / 2)).toBeCloseTo(0.5);
    expect(board.animating(1000 + fadeAfterMs)).toBe(true);
    expect(board.visible(1000 + fadeAfterMs + fadeOutMs)).toEqual([staying]);
    expect(board.animating(1000 + fadeAfterMs + fadeOutMs)).toBe(false);
    expect(opacityAt(staying!, 1_000_000)).toBe(1);
  });

  it('text needs words, is cut to its maximum, and bad styles fall back to red and a sane width', () => {
    const board = createDrawingBoard();
    board.begin('text', { x: 0.1, y: 0.1 }, red, '   ');
    expect(board.visible(0)).toEqual([]);
    board.begin(
      'text',
      { x: 0.1, y: 0.1 },
      { colour: 'url(javascript:1)', width: 1e9, fades: false },
      'x'.repeat(10_000),
    );
    board.end(0);
    const [text] = board.visible(0);
    expect(text?.text).toHaveLength(maxTextLength);
    expect(text?.colour).toBe('#ef4444');
    expect(text?.width).toBe(64);
  });

  it('keeps the last 500 of a thousand strokes, oldest dropped first', () => {
    const board = createDrawingBoard();
    for (let i = 0; i < 1000; i += 1) {
      board.begin('pen', { x: i / 1000, y: 0.5 }, red);
      board.end(i);
    }
    const kept = board.visible(1000);
    expect(kept).toHaveLength(maxStrokes);
    expect(kept[0]?.points[0]?.x).toBe(0.5);
    expect(kept.at(-1)?.points[0]?.x).toBe(0.999);
  });

  it('tells its listeners of every change, with a new version', () => {
    const board = createDrawingBoard();
    const versions: number[] = [];
    const off = board.subscribe(() => versions.push(board.version));
    board.begin('pen', { x: 0.1, y: 0.1 }, red);
    board.extend({ x: 0.2, y: 0.1 });
    board.end(0);
    off();
    board.clear();
    expect(versions).toEqual([1, 2, 3]);
    expect(board.version).toBe(4);
  });
});
