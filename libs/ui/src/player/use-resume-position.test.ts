import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResumePosition } from './use-resume-position';

function setup(src = '/a') {
  const hook = renderHook(({ src }: { src: string }) => useResumePosition(src), { initialProps: { src } });
  return { hook, position: () => hook.result.current };
}

describe('useResumePosition', () => {
  it("starts the first file at a link's time, once", () => {
    const { position } = setup();
    expect(position().startPoint(12)).toEqual({ time: 12, play: false });
    position().timeChanged(12);
    // The same file's metadata again (a reload by the browser): no jump back to the link's time.
    expect(position().startPoint(12)).toBeUndefined();
    expect(setup().position().startPoint(undefined)).toBeUndefined();
  });

  it('resumes a new src where the old one was and as it was, ignoring its reset to 0', () => {
    const { hook, position } = setup();
    position().played();
    position().timeChanged(42);
    hook.rerender({ src: '/b' });
    // The browser's answer to a new src, before the new metadata arrives.
    position().paused();
    position().timeChanged(0);
    expect(position().startPoint(12)).toEqual({ time: 42, play: true });
    // Taken once: the next metadata of the same file leaves playback alone.
    expect(position().startPoint(12)).toBeUndefined();
  });

  it('keeps the first place through a second replacement that comes before any metadata', () => {
    const { hook, position } = setup();
    position().played();
    position().timeChanged(42);
    hook.rerender({ src: '/b' });
    position().paused();
    position().timeChanged(0);
    // The refreshed address failed too, and the page gave a third one.
    hook.rerender({ src: '/c' });
    expect(position().startPoint(undefined)).toEqual({ time: 42, play: true });
  });

  it('resumes paused when it was paused, and from the start when nothing had played', () => {
    const { hook, position } = setup();
    position().played();
    position().timeChanged(20);
    position().paused();
    hook.rerender({ src: '/b' });
    expect(position().startPoint(undefined)).toEqual({ time: 20, play: false });

    const fresh = setup();
    fresh.hook.rerender({ src: '/b' });
    expect(fresh.position().startPoint(undefined)).toEqual({ time: undefined, play: false });
  });

  it('does not resume playing a video that had ended', () => {
    const { hook, position } = setup();
    position().played();
    position().timeChanged(60);
    position().ended();
    hook.rerender({ src: '/b' });
    expect(position().startPoint(undefined)).toEqual({ time: 60, play: false });
  });

  it('remembers nothing new for a rerender with the same src', () => {
    const { hook, position } = setup();
    position().timeChanged(30);
    hook.rerender({ src: '/a' });
    position().timeChanged(31);
    expect(position().startPoint(undefined)).toBeUndefined();
  });
});
