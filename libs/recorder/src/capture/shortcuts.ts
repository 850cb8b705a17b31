/**
 * /record's keyboard shortcuts: Space or Alt+Shift+R start and stop, P pauses and resumes, Escape
 * skips the countdown. Keys typed into a field, or Space on a focused control (which clicks that
 * control), are left alone.
 */
export type ShortcutAction = 'toggle' | 'pause' | 'skip';

export interface KeyPress {
  readonly key: string;
  readonly code?: string;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  /** The focused element's tag name, upper case ("INPUT", "BUTTON"), and whether it is editable. */
  readonly targetTag?: string;
  readonly targetEditable?: boolean;
}

const typing = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const activatedBySpace = new Set(['BUTTON', 'A', 'SUMMARY', 'VIDEO', 'INPUT', 'SELECT', 'TEXTAREA']);

export function shortcutFor(press: KeyPress): ShortcutAction | null {
  const inField = press.targetEditable === true || typing.has(press.targetTag ?? '');
  if (press.key === 'Escape') return 'skip';
  if (press.ctrlKey || press.metaKey) return null;
  if (press.altKey && press.shiftKey && (press.code === 'KeyR' || press.key.toLowerCase() === 'r')) return 'toggle';
  if (inField || press.altKey) return null;
  if (press.key === ' ' && !press.shiftKey && !activatedBySpace.has(press.targetTag ?? '')) return 'toggle';
  if ((press.key === 'p' || press.key === 'P') && !press.shiftKey) return 'pause';
  return null;
}

/** The sentence a screen reader hears for a change of the recorder's state; null when none. */
export function announcement(previous: string, next: string, remaining?: number): string | null {
  if (next === 'countdown' && remaining !== undefined && remaining > 0) return `Recording starts in ${remaining}`;
  if (next === previous) return null;
  if (next === 'recording') return previous === 'paused' ? 'Recording resumed' : 'Recording started';
  if (next === 'paused') return 'Recording paused';
  if (next === 'stopping' || (next === 'stopped' && previous !== 'stopping')) return 'Recording stopped';
  return null;
}
