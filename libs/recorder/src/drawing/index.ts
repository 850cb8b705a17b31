export {
  createDrawingBoard,
  defaultStyle,
  drawingTools,
  fadeAfterMs,
  fadeOutMs,
  maxStrokes,
  maxTextLength,
  opacityAt,
  type DrawingBoard,
  type DrawingTool,
  type Point,
  type Stroke,
  type StrokeStyle,
} from './strokes.ts';
export { viewThroughArea, type PictureView, type Size } from './view.ts';
export { paintStrokes, type Context2D } from './paint.ts';
export { clearKey, drawingShortcutFor, fadeKey, toolKeys, undoKeys, type DrawingAction } from './shortcuts.ts';
