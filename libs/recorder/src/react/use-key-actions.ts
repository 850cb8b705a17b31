import { useEffect, useRef } from 'react';
import type { KeyPress } from '../capture/shortcuts.ts';

/** What a shortcut table reads of a key press: the key, its modifiers and what it was typed into. */
export function keyPressOf(event: KeyboardEvent): KeyPress {
  const target = event.target instanceof HTMLElement ? event.target : null;
  return {
    key: event.key,
    code: event.code,
    altKey: event.altKey,
    shiftKey: event.shiftKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    targetTag: target?.tagName,
    targetEditable: target?.isContentEditable,
  };
}

/**
 * While mounted and `enabled`, reads each key press (not a held key's repeats, nor one already
 * handled) with `actionFor` and calls `onAction` with the action it names, keeping the key from the
 * page. `onAction` may change between renders; the latest is called.
 */
export function useKeyActions<Action>(
  enabled: boolean,
  actionFor: (press: KeyPress) => Action | null,
  onAction: (action: Action) => void,
) {
  const latest = useRef({ actionFor, onAction });
  useEffect(() => {
    latest.current = { actionFor, onAction };
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.defaultPrevented) return;
      const action = latest.current.actionFor(keyPressOf(event));
      if (action === null) return;
      event.preventDefault();
      latest.current.onAction(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
