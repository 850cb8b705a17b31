import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { paintStrokes } from '../drawing/paint.ts';
import { clearKey, drawingShortcutFor, fadeKey, toolKeys, undoKeys } from '../drawing/shortcuts.ts';
import {
  createDrawingBoard,
  defaultStyle,
  drawingTools,
  type DrawingBoard,
  type DrawingTool,
  type Point,
} from '../drawing/strokes.ts';
import { viewThroughArea, type Size } from '../drawing/view.ts';
import { useKeyActions } from './use-key-actions.ts';

export const toolLabels: Readonly<Record<DrawingTool, string>> = {
  pen: 'Pen',
  highlighter: 'Highlighter',
  arrow: 'Arrow',
  rectangle: 'Rectangle',
  text: 'Text',
  spotlight: 'Spotlight',
};

/** What the Annotations toolbar shows and does (libs/ui's AnnotationToolbar takes it as props). */
export interface DrawingToolbar {
  readonly tools: readonly { readonly id: DrawingTool; readonly label: string; readonly shortcut: string }[];
  readonly tool: DrawingTool;
  onTool(tool: DrawingTool): void;
  readonly colour: string;
  onColour(colour: string): void;
  readonly width: number;
  onWidth(width: number): void;
  readonly fades: boolean;
  onFades(fades: boolean): void;
  /** What the Text tool writes where the person clicks. */
  readonly text: string;
  onText(text: string): void;
  onUndo(): void;
  onClear(): void;
  readonly undoShortcut: string;
  readonly clearShortcut: string;
  readonly fadeShortcut: string;
}

/** What the drawing layer over the screen's preview does (libs/ui's DrawingLayer takes it as props). */
export interface DrawingSurface {
  /** Points are 0 to 1 of the screen's width and height. */
  onBegin(point: Point): void;
  onMove(point: Point): void;
  onEnd(): void;
  /** Draws the strokes into the layer's canvas (`picture`) over a screen of `screen` pixels. */
  paint(context: CanvasRenderingContext2D, picture: Size, screen: Size): void;
  /** Called on every change of the drawing; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** A stroke is fading: the layer repaints every frame meanwhile. */
  animating(): boolean;
  readonly tool: DrawingTool;
}

export interface Drawing {
  /** Handed to `recorder.start({ drawing })`: the compositor reads it every frame. */
  readonly board: DrawingBoard;
  readonly toolbar: DrawingToolbar;
  readonly surface: DrawingSurface;
}

/** The drawing of /record: the board, the chosen tool and style, and its shortcuts while `active`. */
export function useDrawing(active: boolean): Drawing {
  const [board] = useState(createDrawingBoard);
  const [tool, setTool] = useState<DrawingTool>('pen');
  const [colour, setColour] = useState(defaultStyle.colour);
  const [width, setWidth] = useState(defaultStyle.width);
  const [fades, setFades] = useState(defaultStyle.fades);
  const [text, setText] = useState('Look here');
  const style = useRef({ tool, colour, width, fades, text });
  useEffect(() => {
    style.current = { tool, colour, width, fades, text };
  });

  useKeyActions(active, drawingShortcutFor, (action) => {
    if (action.type === 'tool') setTool(action.tool);
    else if (action.type === 'undo') board.undo();
    else if (action.type === 'clear') board.clear();
    else setFades((on) => !on);
  });

  const onBegin = useCallback(
    (point: Point) => {
      const { tool: chosen, colour: stroke, width: size, fades: fading, text: words } = style.current;
      board.begin(chosen, point, { colour: stroke, width: size, fades: fading }, words);
      if (chosen === 'text') board.end(performance.now());
    },
    [board],
  );

  const toolbar = useMemo<DrawingToolbar>(
    () => ({
      tools: drawingTools.map((id) => ({ id, label: toolLabels[id], shortcut: toolKeys[id] })),
      tool,
      onTool: setTool,
      colour,
      onColour: setColour,
      width,
      onWidth: setWidth,
      fades,
      onFades: setFades,
      text,
      onText: setText,
      onUndo: () => board.undo(),
      onClear: () => board.clear(),
      undoShortcut: undoKeys,
      clearShortcut: clearKey,
      fadeShortcut: fadeKey,
    }),
    [board, tool, colour, width, fades, text],
  );

  const surface = useMemo<DrawingSurface>(
    () => ({
      onBegin,
      onMove: (point) => board.extend(point),
      onEnd: () => board.end(performance.now()),
      paint(context, picture, screen) {
        const now = performance.now();
        context.clearRect(0, 0, picture.width, picture.height);
        paintStrokes(context, board.visible(now), viewThroughArea(screen, null, picture), now);
      },
      subscribe: (listener) => board.subscribe(listener),
      animating: () => board.animating(performance.now()),
      tool,
    }),
    [board, onBegin, tool],
  );

  return { board, toolbar, surface };
}
