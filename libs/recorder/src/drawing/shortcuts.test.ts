import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyPress } from '../capture/shortcuts.ts';
import { drawingShortcutFor, toolKeys } from './shortcuts.ts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  targetTag: 'BODY',
  ...extra,
});

describe('drawingShortcutFor', () => {
  it('a letter per tool, Ctrl+Z or ⌘Z undoes, C clears, F fades', () => {
    expect(drawingShortcutFor(press('r'))).toEqual({ type: 'tool', tool: 'rectangle' });
    expect(drawingShortcutFor(press('D'))).toEqual({ type: 'tool', tool: 'pen' });
    expect(drawingShortcutFor(press('s'))).toEqual({ type: 'tool', tool: 'spotlight' });
    expect(drawingShortcutFor(press('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(drawingShortcutFor(press('z', { metaKey: true }))).toEqual({ type: 'undo' });
    expect(drawingShortcutFor(press('c'))).toEqual({ type: 'clear' });
    expect(drawingShortcutFor(press('f'))).toEqual({ type: 'fade' });
  });

  it('leaves typing alone (the Text field), and modified keys', () => {
    expect(drawingShortcutFor(press('r', { targetTag: 'INPUT' }))).toBeNull();
    expect(drawingShortcutFor(press('z', { ctrlKey: true, targetTag: 'INPUT' }))).toBeNull();
    expect(drawingShortcutFor(press('r', { targetEditable: true, targetTag: 'DIV' }))).toBeNull();
    expect(drawingShortcutFor(press('R', { altKey: true, shiftKey: true, code: 'KeyR' }))).toBeNull();
    expect(drawingShortcutFor(press('z', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(drawingShortcutFor(press('C', { shiftKey: true }))).toBeNull();
  });

  it("takes none of /record's own keys: Space stops, P pauses, Escape skips, Alt+Shift+R starts", () => {
    for (const key of [...Object.values(toolKeys), 'C', 'F']) {
      expect(shortcutFor(press(key)), key).toBeNull();
      expect(shortcutFor(press(key.toLowerCase())), key).toBeNull();
    }
    for (const [key, extra] of [
      [' ', {}],
      ['p', {}],
      ['Escape', {}],
      ['R', { altKey: true, shiftKey: true, code: 'KeyR' }],
    ] as const) {
      expect(shortcutFor(press(key, extra))).not.toBeNull();
      expect(drawingShortcutFor(press(key, extra))).toBeNull();
    }
  });
});
