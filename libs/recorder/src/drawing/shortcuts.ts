/**
 * The drawing's keyboard shortcuts while recording: a letter per tool, Ctrl+Z (⌘Z) undoes, C
 * clears, F turns fading on or off. None is taken by /record's own (Space, Alt+Shift+R, P, Escape:
 * capture/shortcuts.ts); keys typed into a field are left alone.
 */
import type { KeyPress } from '../capture/shortcuts.ts';
import type { DrawingTool } from './strokes.ts';

export type DrawingAction =
  { type: 'tool'; tool: DrawingTool } | { type: 'undo' } | { type: 'clear' } | { type: 'fade' };

/** The key of each tool, as `aria-keyshortcuts` spells it. */
export const toolKeys: Readonly<Record<DrawingTool, string>> = {
  pen: 'D',
  highlighter: 'H',
  arrow: 'A',
  rectangle: 'R',
  text: 'T',
  spotlight: 'S',
};
export const undoKeys = 'Control+Z Meta+Z';
export const clearKey = 'C';
export const fadeKey = 'F';

const typing = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function drawingShortcutFor(press: KeyPress): DrawingAction | null {
  if (press.targetEditable === true || typing.has(press.targetTag ?? '') || press.altKey) return null;
  const key = press.key.toUpperCase();
  if (press.ctrlKey || press.metaKey) return key === 'Z' && !press.shiftKey ? { type: 'undo' } : null;
  if (press.shiftKey) return null;
  const tool = (Object.keys(toolKeys) as DrawingTool[]).find((name) => toolKeys[name] === key);
  if (tool) return { type: 'tool', tool };
  if (key === clearKey) return { type: 'clear' };
  if (key === fadeKey) return { type: 'fade' };
  return null;
}
