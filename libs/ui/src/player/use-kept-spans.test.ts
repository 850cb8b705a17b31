import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimeSpan } from '../primitives';
import { useKeptSpans } from './use-kept-spans';

afterEach(() => vi.unstubAllGlobals());

const kept: TimeSpan[] = [
  { start: 10, end: 20 },
  { start: 50, end: 60 },
];

function setup(spans: readonly TimeSpan[] | undefined, playing = false) {
  const video = document.createElement('video');
  let seeking = false;
  Object.defineProperty(video, 'seeking', { get: () => seeking });
  const hook = renderHook(({ playing }: { playing: boolean }) => useKeptSpans({ current: video }, spans, playing), {
    initialProps: { playing },
  });
  return { video, hook, keep: () => hook.result.current(), setSeeking: (value: boolean) => (seeking = value) };
}

describe('useKeptSpans', () => {
  it('jumps over what the edit removes, and leaves a kept moment alone', () => {
    const { video, keep } = setup(kept);
    video.currentTime = 3;
    keep();
    expect(video.currentTime).toBe(10);
    video.currentTime = 25;
    keep();
    expect(video.currentTime).toBe(50);
    video.currentTime = 55;
    keep();
    expect(video.currentTime).toBe(55);
  });

  it('stops after the last kept span', async () => {
    const { video, keep } = setup(kept);
    await act(() => video.play());
    video.currentTime = 61;
    keep();
    expect(video.paused).toBe(true);
    expect(video.currentTime).toBe(61);
  });

  it('waits while the viewer seeks, and does nothing without spans', () => {
    const spanned = setup(kept);
    spanned.setSeeking(true);
    spanned.video.currentTime = 25;
    spanned.keep();
    expect(spanned.video.currentTime).toBe(25);

    const plain = setup(undefined);
    plain.video.currentTime = 25;
    plain.keep();
    expect(plain.video.currentTime).toBe(25);
  });

  it('checks on every animation frame while playing, and stops when paused', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => (frames[id - 1] = () => undefined));
    const { video, hook } = setup(kept, true);
    video.currentTime = 30;
    frames.at(-1)!(0);
    expect(video.currentTime).toBe(50);
    hook.rerender({ playing: false });
    const asked = frames.length;
    video.currentTime = 30;
    frames.at(-1)!(0);
    expect(video.currentTime).toBe(30);
    expect(frames.length).toBe(asked);
  });
});
