import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlayerTranscript } from './player-transcript';

afterEach(cleanup);

const lines = [
  { index: 0, start: 0.5, end: 3.5, text: 'Welcome to the walkthrough.' },
  { index: 1, start: 4, end: 7.5, text: 'Here the zeppelin dashboard.' },
];
const playing = () => document.querySelector('[aria-current="true"]')?.textContent;

describe('PlayerTranscript', () => {
  it("marks the line at the player's time as it plays, and a click on a line seeks the player", () => {
    const player = document.createElement('video');
    player.currentTime = 1;
    render(<PlayerTranscript state="done" lines={lines} fileName="Demo" player={player} />);
    expect(playing()).toContain('Welcome');

    act(() => {
      player.currentTime = 5;
      player.dispatchEvent(new Event('timeupdate'));
    });
    expect(playing()).toContain('zeppelin');

    fireEvent.click(screen.getByRole('button', { name: /0:00\s*Welcome/ }));
    expect(player.currentTime).toBe(0.5);
    expect(playing()).toContain('Welcome');
  });

  it('stops following a player it no longer has', () => {
    const player = document.createElement('video');
    player.currentTime = 1;
    const view = render(<PlayerTranscript state="done" lines={lines} fileName="Demo" player={player} />);
    view.rerender(<PlayerTranscript state="done" lines={lines} fileName="Demo" player={null} />);
    act(() => {
      player.currentTime = 5;
      player.dispatchEvent(new Event('timeupdate'));
    });
    expect(playing()).toContain('Welcome');
  });
});
