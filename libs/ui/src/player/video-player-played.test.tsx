import { cleanup, fireEvent, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { VideoPlayer } from './video-player';

afterEach(cleanup);

describe('VideoPlayer played time', () => {
  it('adds up the steps of playback, not seeks, and says when it ends', async () => {
    const user = userEvent.setup();
    const reports: number[] = [];
    let ended = 0;
    const view = render(
      <VideoPlayer src="/v" label="Demo" onPlayed={(s) => reports.push(s)} onEnded={() => (ended += 1)} />,
    );
    const video = view.container.querySelector('video') as HTMLVideoElement;
    const at = (time: number) => {
      video.currentTime = time;
      fireEvent(video, new Event('timeupdate'));
    };
    at(0.5); // paused: not playback
    await user.click(view.getByRole('button', { name: 'Play' }));
    at(1);
    at(2);
    // A seek forward: a jump, counted from the new place on.
    video.currentTime = 30;
    fireEvent(video, new Event('seeked'));
    at(30.5);
    at(31.5);
    expect(reports.at(-1)).toBeCloseTo(3);
    fireEvent(video, new Event('ended'));
    expect(ended).toBe(1);
  });
});
