import { shortcutFor, type ShortcutAction } from '../capture/shortcuts.ts';
import { useKeyActions } from './use-key-actions.ts';

/** Calls `onAction` for /record's shortcuts while mounted and `enabled`. */
export function useShortcuts(enabled: boolean, onAction: (action: ShortcutAction) => void) {
  useKeyActions(enabled, shortcutFor, onAction);
}
