import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePlayedSeconds } from './use-played-seconds';

/** A real <video> whose playing and seeking flags the test sets, as the browser would. */
function element() {
  const video = document.createElement('video');
  const flags = { paused: true, seeking: false };
  Object.defineProperty(video, 'paused', { get: () => flags.paused });
  Object.defineProperty(video, 'seeking', { get: () => flags.seeking });
  return { video, flags };
}

function setup() {
  const { video, flags } = element();
  const reports: number[] = [];
  const hook = renderHook(
    ({ onPlayed }: { onPlayed: (seconds: number) => void }) => usePlayedSeconds({ current: video }, onPlayed),
    { initialProps: { onPlayed: (seconds: number) => reports.push(seconds) } },
  );
  /** The element's clock moves to `time` and it says so (timeupdate). */
  const at = (time: number) => {
    video.currentTime = time;
    hook.result.current.onTimeUpdate();
  };
  const seekTo = (time: number) => {
    flags.seeking = true;
    at(time); // browsers fire timeupdate while seeking too
    flags.seeking = false;
    hook.result.current.onSeeked();
  };
  return { video, flags, reports, at, seekTo, hook };
}

describe('usePlayedSeconds', () => {
  it('adds up the small steps of playback and reports the running total after each', () => {
    const { flags, reports, at } = setup();
    flags.paused = false;
    at(0.25);
    at(0.5);
    at(1.5);
    expect(reports).toEqual([0.25, 0.5, 1.5]);
  });

  it('does not count time that moves while paused', () => {
    const { flags, reports, at } = setup();
    at(0.5); // a seek while paused, or the start of a link's ?t=
    at(1);
    expect(reports).toEqual([]);
    flags.paused = false;
    at(1.5);
    // Counted from where the paused clock was, not from 0.
    expect(reports).toEqual([0.5]);
  });

  it('does not count a seek, and counts again from where it landed', () => {
    const { video, flags, reports, at, seekTo, hook } = setup();
    flags.paused = false;
    at(1);
    seekTo(1.4); // a small seek: under the jump limit, but the element says it is seeking
    at(2.4);
    seekTo(30);
    at(30.5);
    expect(reports.at(-1)).toBeCloseTo(2.5);
    // A seek the element announces only by seeked: playback counts from where it landed.
    video.currentTime = 31;
    hook.result.current.onSeeked();
    at(31.5);
    expect(reports.at(-1)).toBeCloseTo(3);
  });

  it('does not count a jump the element did not flag as seeking, nor going back', () => {
    const { flags, reports, at } = setup();
    flags.paused = false;
    at(1);
    at(10); // 9 s in one timeupdate: an edit preview's skip, not playback
    at(11);
    at(4); // back: a loop restarting or a seek
    at(5);
    expect(reports).toEqual([1, 2, 3]);
  });

  it('counts a part watched twice twice: it is time spent watching, not coverage', () => {
    const { flags, reports, at, seekTo } = setup();
    flags.paused = false;
    at(1);
    at(2);
    seekTo(0);
    at(1);
    at(2);
    expect(reports.at(-1)).toBe(4);
  });

  it('tells the newest callback', () => {
    const { flags, at, hook } = setup();
    const later: number[] = [];
    hook.rerender({ onPlayed: (seconds) => later.push(seconds) });
    flags.paused = false;
    at(1);
    expect(later).toEqual([1]);
  });
});
