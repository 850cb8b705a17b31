import { describe, expect, it, vi } from 'vitest';
import { followPlayback } from './follow-playback';

const videoAt = (seconds: number) => {
  const video = document.createElement('video');
  Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: seconds });
  return video;
};

describe('followPlayback', () => {
  it('reports the position at once and on timeupdate and seeked, until unsubscribed', () => {
    const video = videoAt(2);
    const onTime = vi.fn();
    const stop = followPlayback(video, onTime);
    expect(onTime).toHaveBeenLastCalledWith(2);
    video.currentTime = 3;
    video.dispatchEvent(new Event('timeupdate'));
    expect(onTime).toHaveBeenLastCalledWith(3);
    video.currentTime = 7;
    video.dispatchEvent(new Event('seeked'));
    expect(onTime).toHaveBeenLastCalledWith(7);
    stop();
    video.dispatchEvent(new Event('timeupdate'));
    expect(onTime).toHaveBeenCalledTimes(3);
  });

  it("follows every presented frame's own time where requestVideoFrameCallback exists", () => {
    const video = videoAt(0);
    const callbacks: ((now: number, metadata: { mediaTime: number }) => void)[] = [];
    const cancel = vi.fn();
    Object.assign(video, {
      requestVideoFrameCallback: (callback: (typeof callbacks)[number]) => callbacks.push(callback),
      cancelVideoFrameCallback: cancel,
    });
    const onTime = vi.fn();
    const stop = followPlayback(video, onTime);
    callbacks.at(-1)!(0, { mediaTime: 1.04 });
    expect(onTime).toHaveBeenLastCalledWith(1.04);
    callbacks.at(-1)!(0, { mediaTime: 1.08 });
    expect(onTime).toHaveBeenLastCalledWith(1.08);
    expect(callbacks).toHaveLength(3);
    stop();
    expect(cancel).toHaveBeenCalledWith(3);
  });
});
