// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShortcutAction } from '../capture/shortcuts.ts';
import { useShortcuts } from './use-shortcuts.ts';

afterEach(cleanup);

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = window) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
};

describe('useShortcuts', () => {
  it("calls the latest handler with /record's action and keeps the key from the page", () => {
    const seen: string[] = [];
    const { rerender } = renderHook(
      ({ tag }) => useShortcuts(true, (action: ShortcutAction) => seen.push(tag + action)),
      {
        initialProps: { tag: 'first ' },
      },
    );
    expect(press('R', { altKey: true, shiftKey: true, code: 'KeyR' }).defaultPrevented).toBe(true);
    rerender({ tag: 'second ' });
    press(' ');
    expect(seen).toEqual(['first toggle', 'second toggle']);
  });

  it('passes over repeats, keys typed into a field, other keys, and everything while not enabled', () => {
    const seen: ShortcutAction[] = [];
    const { rerender } = renderHook(({ enabled }) => useShortcuts(enabled, (action) => seen.push(action)), {
      initialProps: { enabled: true },
    });
    press(' ', { repeat: true });
    const field = document.body.appendChild(document.createElement('input'));
    press(' ', {}, field);
    field.remove();
    expect(press('q').defaultPrevented).toBe(false);
    rerender({ enabled: false });
    press(' ');
    expect(seen).toEqual([]);
  });
});
