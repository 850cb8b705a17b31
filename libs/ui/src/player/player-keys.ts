import type { KeyboardEvent } from 'react';

export const SEEK_STEP_SECONDS = 5;

export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'volume-step'; direction: 1 | -1 }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' };

/** Where the key was pressed: controls keep their own keys (a focused button clicks on Space, a slider moves on arrows). */
export type KeyTarget = 'player' | 'button' | 'slider' | 'select' | 'text';

/**
 * Keyboard shortcuts: Space/K play-pause, ←/→ 5 s, ↑/↓ volume, M mute, F fullscreen.
 * Returns undefined when the key is not a shortcut here, so the browser's default stands.
 */
export function playerActionForKey(
  key: string,
  target: KeyTarget = 'player',
  modifiers: { ctrl?: boolean; meta?: boolean; alt?: boolean } = {},
): PlayerAction | undefined {
  if (modifiers.ctrl || modifiers.meta || modifiers.alt || target === 'text') return undefined;
  const ownsArrows = target === 'slider' || target === 'select';
  const ownsSpace = target === 'button' || target === 'select';
  switch (key) {
    case ' ':
    case 'Spacebar':
      return ownsSpace ? undefined : { type: 'toggle-play' };
    case 'k':
    case 'K':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
      return ownsArrows ? undefined : { type: 'seek-by', seconds: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return ownsArrows ? undefined : { type: 'seek-by', seconds: SEEK_STEP_SECONDS };
    case 'ArrowUp':
      return ownsArrows ? undefined : { type: 'volume-step', direction: 1 };
    case 'ArrowDown':
      return ownsArrows ? undefined : { type: 'volume-step', direction: -1 };
    case 'm':
    case 'M':
      return { type: 'toggle-mute' };
    case 'f':
    case 'F':
      return { type: 'toggle-fullscreen' };
    default:
      return undefined;
  }
}

/** Classify the element a key event came from. */
export function keyTargetOf(element: EventTarget | null): KeyTarget {
  if (!(element instanceof HTMLElement)) return 'player';
  const tag = element.tagName;
  if (tag === 'BUTTON') return 'button';
  if (tag === 'SELECT') return 'select';
  if (tag === 'TEXTAREA' || element.isContentEditable) return 'text';
  if (tag === 'INPUT') return (element as HTMLInputElement).type === 'range' ? 'slider' : 'text';
  return 'player';
}

/** What the shortcuts act on: the player's own actions. */
export interface PlayerShortcutTargets {
  togglePlay(): void;
  seekBy(seconds: number): void;
  stepVolume(direction: 1 | -1): void;
  toggleMute(): void;
  toggleFullscreen(): void;
}

/**
 * The player's keydown handler: does the shortcut of the key, and only then takes the key from the
 * browser (a key that is no shortcut here keeps its default, Tab included).
 */
export function playerKeyHandler(targets: PlayerShortcutTargets) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const action = playerActionForKey(event.key, keyTargetOf(event.target), {
      ctrl: event.ctrlKey,
      meta: event.metaKey,
      alt: event.altKey,
    });
    if (!action) return;
    event.preventDefault();
    switch (action.type) {
      case 'toggle-play':
        return targets.togglePlay();
      case 'seek-by':
        return targets.seekBy(action.seconds);
      case 'volume-step':
        return targets.stepVolume(action.direction);
      case 'toggle-mute':
        return targets.toggleMute();
      case 'toggle-fullscreen':
        return targets.toggleFullscreen();
    }
  };
}
