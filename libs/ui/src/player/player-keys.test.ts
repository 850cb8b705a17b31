import { describe, expect, it } from 'vitest';
import { playerActionForKey } from './player-keys';

describe('playerActionForKey', () => {
  it('maps the shortcuts', () => {
    expect(playerActionForKey(' ')).toEqual({ type: 'toggle-play' });
    expect(playerActionForKey('k')).toEqual({ type: 'toggle-play' });
    expect(playerActionForKey('ArrowLeft')).toEqual({ type: 'seek-by', seconds: -5 });
    expect(playerActionForKey('ArrowRight')).toEqual({ type: 'seek-by', seconds: 5 });
    expect(playerActionForKey('ArrowUp')).toEqual({ type: 'volume-step', direction: 1 });
    expect(playerActionForKey('ArrowDown')).toEqual({ type: 'volume-step', direction: -1 });
    expect(playerActionForKey('m')).toEqual({ type: 'toggle-mute' });
    expect(playerActionForKey('F')).toEqual({ type: 'toggle-fullscreen' });
  });

  it('ignores other keys and shortcuts of the browser', () => {
    expect(playerActionForKey('x')).toBeUndefined();
    expect(playerActionForKey('Enter')).toBeUndefined();
    expect(playerActionForKey('f', 'player', { ctrl: true })).toBeUndefined();
    expect(playerActionForKey('k', 'player', { meta: true })).toBeUndefined();
  });

  it('leaves Space to a focused button and arrows to a focused slider', () => {
    expect(playerActionForKey(' ', 'button')).toBeUndefined();
    expect(playerActionForKey('k', 'button')).toEqual({ type: 'toggle-play' });
    expect(playerActionForKey('ArrowLeft', 'slider')).toBeUndefined();
    expect(playerActionForKey('ArrowUp', 'select')).toBeUndefined();
    expect(playerActionForKey(' ', 'slider')).toEqual({ type: 'toggle-play' });
    expect(playerActionForKey('m', 'text')).toBeUndefined();
  });
});
