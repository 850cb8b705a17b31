import { cleanup, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { playerActionForKey, playerKeyHandler } from './player-keys';

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

describe('playerKeyHandler', () => {
  afterEach(cleanup);

  /** A key pressed on the player (or on a control inside it): what was done, and whether the browser's default was stopped. */
  function press(key: string, control?: ReactNode) {
    const done: string[] = [];
    const view = render(
      <div
        tabIndex={0}
        data-testid="player"
        onKeyDown={playerKeyHandler({
          togglePlay: () => done.push('play'),
          seekBy: (seconds) => done.push(`seek ${seconds}`),
          stepVolume: (direction) => done.push(`volume ${direction}`),
          toggleMute: () => done.push('mute'),
          toggleFullscreen: () => done.push('fullscreen'),
        })}
      >
        {control}
      </div>,
    );
    const target = control ? (view.getByTestId('player').firstElementChild as HTMLElement) : view.getByTestId('player');
    const prevented = !fireEvent.keyDown(target, { key });
    cleanup();
    return { done, prevented };
  }

  it('does the shortcut and takes the key from the browser', () => {
    expect(press('ArrowLeft')).toEqual({ done: ['seek -5'], prevented: true });
    expect(press('ArrowDown')).toEqual({ done: ['volume -1'], prevented: true });
    expect(press('k').done).toEqual(['play']);
    expect(press('m').done).toEqual(['mute']);
    expect(press('f').done).toEqual(['fullscreen']);
  });

  it("leaves other keys, and a focused control's own keys, to the browser", () => {
    expect(press('Tab')).toEqual({ done: [], prevented: false });
    expect(press('ArrowLeft', <input type="range" aria-label="Seek" />)).toEqual({ done: [], prevented: false });
    expect(press(' ', <button type="button">Loop</button>)).toEqual({ done: [], prevented: false });
  });
});
