/**
 * What a person draws over the screen while recording: strokes of six tools in
 * the shared screen's coordinates (0 to 1 of its width and height), kept by a board that the
 * drawing layer writes and the compositor reads every frame. Pure: time is passed in.
 */

export type DrawingTool = 'pen' | 'highlighter' | 'arrow' | 'rectangle' | 'text' | 'spotlight';

export const drawingTools: readonly DrawingTool[] = ['pen', 'highlighter', 'arrow', 'rectangle', 'text', 'spotlight'];

/** A place on the shared screen: 0 to 1 of its width (x) and height (y). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface StrokeStyle {
  /** A CSS colour, `#rrggbb` from the colour input. */
  readonly colour: string;
  /** Line width in the shared screen's pixels (the recording scales it with the picture). */
  readonly width: number;
  /** Fades out `fadeAfterMs` after it was drawn. */
  readonly fades: boolean;
}

export interface Stroke extends StrokeStyle {
  readonly tool: DrawingTool;
  /** Pen and highlighter: every point; the other tools: where the drag began and where it is now. */
  readonly points: readonly Point[];
  /** Text: what is written at points[0]. */
  readonly text?: string;
  /** When the stroke was finished (ms); null while it is being drawn. */
  readonly doneAt: number | null;
}

export const defaultStyle: StrokeStyle = { colour: '#ef4444', width: 6, fades: false };
/** A fading stroke stays whole this long after it is finished, then disappears over `fadeOutMs`. */
export const fadeAfterMs = 3000;
export const fadeOutMs = 1000;
/** At most this many strokes are kept; the oldest go first (a long recording with a pen held down). */
export const maxStrokes = 500;
export const maxTextLength = 200;

/** How opaque `stroke` is at `now`: 1 until it fades, 0 once gone. */
export function opacityAt(stroke: Stroke, now: number): number {
  if (!stroke.fades || stroke.doneAt === null) return 1;
  const since = now - stroke.doneAt - fadeAfterMs;
  if (since <= 0) return 1;
  return Math.max(0, 1 - since / fadeOutMs);
}

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
const clampPoint = (point: Point): Point => ({ x: clamp01(point.x), y: clamp01(point.y) });

export interface DrawingBoard {
  /** Strokes to draw at `now` (faded ones left out), oldest first, the one being drawn last. */
  visible(now: number): readonly Stroke[];
  /** Bumped by every change: a compositor with an unchanged version and no fading stroke need not redraw. */
  readonly version: number;
  /** Some stroke is fading at `now`: the picture changes without input. */
  animating(now: number): boolean;
  begin(tool: DrawingTool, at: Point, style: StrokeStyle, text?: string): void;
  extend(to: Point): void;
  end(now: number): void;
  undo(): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/** The strokes of one recording (or of several: the board outlives a recording unless cleared). */
export function createDrawingBoard(): DrawingBoard {
  let strokes: Stroke[] = [];
  let drawing: Stroke | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    version += 1;
    for (const listener of [...listeners]) listener();
  };
  const live = (now: number) => strokes.filter((stroke) => opacityAt(stroke, now) > 0);

  return {
    get version() {
      return version;
    },
    visible(now) {
      const shown = live(now);
      return drawing ? [...shown, drawing] : shown;
    },
    animating(now) {
      return strokes.some((stroke) => stroke.fades && opacityAt(stroke, now) > 0);
    },
    begin(tool, at, style, text) {
      const width = Number.isFinite(style.width) ? Math.min(64, Math.max(1, style.width)) : defaultStyle.width;
      const written = tool === 'text' ? (text ?? '').trim().slice(0, maxTextLength) : undefined;
      if (tool === 'text' && !written) return; // nothing to write: nothing drawn
      const start = clampPoint(at);
      drawing = {
        tool,
        colour: /^#[0-9a-f]{6}$/i.test(style.colour) ? style.colour : defaultStyle.colour,
        width,
        fades: style.fades,
        points: tool === 'pen' || tool === 'highlighter' || tool === 'text' ? [start] : [start, start],
        ...(written ? { text: written } : {}),
        doneAt: null,
      };
      changed();
    },
    extend(to) {
      if (!drawing || drawing.tool === 'text') return;
      const point = clampPoint(to);
      const points =
        drawing.tool === 'pen' || drawing.tool === 'highlighter'
          ? [...drawing.points, point]
          : [drawing.points[0] ?? point, point];
      drawing = { ...drawing, points };
      changed();
    },
    end(now) {
      if (!drawing) return;
      const done = { ...drawing, doneAt: now };
      drawing = null;
      // A click with a shape tool draws nothing: a zero-size shape is dropped.
      if (!isEmpty(done)) strokes = [...live(now), done].slice(-maxStrokes);
      changed();
    },
    undo() {
      if (drawing) drawing = null;
      else strokes = strokes.slice(0, -1);
      changed();
    },
    clear() {
      drawing = null;
      strokes = [];
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function isEmpty(stroke: Stroke): boolean {
  if (stroke.tool === 'text' || stroke.tool === 'pen' || stroke.tool === 'highlighter') return false;
  const [from, to] = stroke.points;
  return !from || !to || (Math.abs(from.x - to.x) < 0.002 && Math.abs(from.y - to.y) < 0.002);
}
