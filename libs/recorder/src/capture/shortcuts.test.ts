import { describe, expect, it } from 'vitest';
import { announcement, shortcutFor, type KeyPress } from './shortcuts.ts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  targetTag: 'BODY',
  ...extra,
});

describe('shortcutFor', () => {
  it('Space and Alt+Shift+R start and stop, P pauses, Escape skips the countdown', () => {
    expect(shortcutFor(press(' '))).toBe('toggle');
    expect(shortcutFor(press('R', { code: 'KeyR', altKey: true, shiftKey: true }))).toBe('toggle');
    // Alt+Shift+R on a layout where the key types something else still counts by its code.
    expect(shortcutFor(press('®', { code: 'KeyR', altKey: true, shiftKey: true }))).toBe('toggle');
    expect(shortcutFor(press('p'))).toBe('pause');
    expect(shortcutFor(press('P'))).toBe('pause');
    expect(shortcutFor(press('Escape'))).toBe('skip');
  });

  it('leaves typing and focused controls alone, and other modifiers', () => {
    expect(shortcutFor(press(' ', { targetTag: 'BUTTON' }))).toBeNull(); // Space clicks the button itself
    expect(shortcutFor(press(' ', { targetTag: 'INPUT' }))).toBeNull();
    expect(shortcutFor(press('p', { targetTag: 'INPUT' }))).toBeNull();
    expect(shortcutFor(press('p', { targetTag: 'DIV', targetEditable: true }))).toBeNull();
    expect(shortcutFor(press('p', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('r', { altKey: true }))).toBeNull();
    expect(shortcutFor(press('x'))).toBeNull();
    // Alt+Shift+R works from a field too: it types nothing there.
    expect(shortcutFor(press('R', { code: 'KeyR', altKey: true, shiftKey: true, targetTag: 'INPUT' }))).toBe('toggle');
  });
});

describe('announcement', () => {
  it('says what changed, and each second of the countdown', () => {
    expect(announcement('acquiring', 'countdown', 3)).toBe('Recording starts in 3');
    expect(announcement('countdown', 'countdown', 2)).toBe('Recording starts in 2');
    expect(announcement('countdown', 'recording')).toBe('Recording started');
    expect(announcement('recording', 'paused')).toBe('Recording paused');
    expect(announcement('paused', 'recording')).toBe('Recording resumed');
    expect(announcement('recording', 'stopping')).toBe('Recording stopped');
    expect(announcement('stopping', 'stopped')).toBeNull();
    expect(announcement('idle', 'idle')).toBeNull();
  });
});
