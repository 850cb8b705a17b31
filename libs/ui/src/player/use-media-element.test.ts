import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type MediaElementOptions, useMediaElement } from './use-media-element';

beforeEach(() => localStorage.clear());

/**
 * The hook over a real <video>. Nothing wires the element's events to the hook here, so `fire`
 * plays the browser's part: it calls the handler the player spreads on the element.
 */
function setup(options: Partial<MediaElementOptions> = {}) {
  const video = document.createElement('video');
  let duration = Number.NaN;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  const hook = renderHook((props: MediaElementOptions) => useMediaElement({ current: video }, props), {
    initialProps: { src: '/v.webm', ...options },
  });
  const media = () => hook.result.current;
  const fire = (event: keyof ReturnType<typeof useMediaElement>['events']) => act(() => media().events[event]());
  /** The file's header arrived, saying how long it is. */
  const loadMetadata = (seconds: number) => {
    duration = seconds;
    fire('onLoadedMetadata');
  };
  return { video, hook, media, fire, loadMetadata };
}

describe('useMediaElement', () => {
  it('shows the known duration until the element reports a finite one, never NaN or Infinity', () => {
    const { media, loadMetadata } = setup({ knownDuration: 42 });
    expect(media().duration).toBe(42);
    loadMetadata(Number.POSITIVE_INFINITY);
    expect(media().duration).toBe(42);
    loadMetadata(40.5);
    expect(media().duration).toBe(40.5);
  });

  it('never shows a streamed duration shorter than the server measured', () => {
    // An HLS engine may report only the segments it has read so far (a 12 s video showed 0:04).
    const { media, loadMetadata } = setup({ knownDuration: 12, streamed: true });
    loadMetadata(4);
    expect(media().duration).toBe(12);
  });

  it('follows the element: playing, time, buffering', () => {
    const { video, media, fire } = setup();
    fire('onPlay');
    expect(media().playing).toBe(true);
    video.currentTime = 7.5;
    fire('onTimeUpdate');
    expect(media().currentTime).toBe(7.5);
    fire('onWaiting');
    expect(media().buffering).toBe(true);
    fire('onPlaying');
    expect(media().buffering).toBe(false);
    fire('onPause');
    expect(media().playing).toBe(false);
  });

  it('seeks inside 0..duration, and by steps from where the element is now', () => {
    const { video, media, loadMetadata } = setup();
    loadMetadata(8);
    act(() => media().seekTo(20));
    expect([video.currentTime, media().currentTime]).toEqual([8, 8]);
    act(() => media().seekTo(-3));
    expect(video.currentTime).toBe(0);
    // The element moved on without a timeupdate yet: the step starts from the element's time.
    video.currentTime = 3;
    act(() => media().seekBy(-5));
    expect(video.currentTime).toBe(0);
    video.currentTime = 3;
    act(() => media().seekBy(2));
    expect(media().currentTime).toBe(5);
  });

  it('sets volume on the element, unmuting unless set to 0, and mutes', () => {
    const { video, media } = setup();
    act(() => media().toggleMute());
    expect([video.muted, media().muted]).toEqual([true, true]);
    act(() => media().changeVolume(0));
    expect([video.volume, video.muted]).toEqual([0, true]);
    act(() => media().changeVolume(0.3));
    expect([video.volume, video.muted, media().volume, media().muted]).toEqual([0.3, false, 0.3, false]);
    act(() => media().changeVolume(7));
    expect(video.volume).toBe(1);
  });

  it("starts at the owner's speed, applies it to each file, and remembers the viewer's choice", () => {
    const first = setup({ defaultRate: 1.5 });
    expect(first.media().rate).toBe(1.5);
    first.loadMetadata(10);
    expect(first.video.playbackRate).toBe(1.5);
    act(() => first.media().changeRate(0.75));
    expect([first.video.playbackRate, first.video.defaultPlaybackRate]).toEqual([0.75, 0.75]);
    first.hook.unmount();
    // Another video, another owner's default: the viewer's last choice wins.
    expect(setup({ defaultRate: 2 }).media().rate).toBe(0.75);
  });

  it('says when playback cannot start, but not when a pause merely raced the start', async () => {
    const { video, media } = setup();
    const play = vi.spyOn(video, 'play');
    play.mockRejectedValueOnce(new DOMException('The play() request was interrupted', 'AbortError'));
    await act(async () => media().togglePlay());
    expect(media().error).toBeUndefined();
    play.mockRejectedValueOnce(new DOMException('play() failed because the user did not interact', 'NotAllowedError'));
    await act(async () => media().togglePlay());
    await waitFor(() => expect(media().error).toBe('Playback could not start. Press play to try again.'));
    expect(media().playing).toBe(false);
  });

  it('reports a file that cannot be played, and clears the message on the next Play', async () => {
    const onError = vi.fn();
    const { media, fire } = setup({ onError });
    fire('onWaiting');
    fire('onError');
    expect(media().error).toBe('This video could not be played.');
    expect(media().buffering).toBe(false);
    expect(onError).toHaveBeenCalledTimes(1);
    await act(async () => media().togglePlay());
    expect(media().error).toBeUndefined();
  });

  it('tells the end, and toggles play and pause on the element', async () => {
    const onEnded = vi.fn();
    const { video, media, fire } = setup({ onEnded });
    await act(async () => media().togglePlay());
    expect(video.paused).toBe(false);
    await act(async () => media().togglePlay());
    expect(video.paused).toBe(true);
    fire('onEnded');
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('resumes a replaced src where it was, playing, and starts a link at its time only once', async () => {
    const { video, hook, media, fire, loadMetadata } = setup({ startAt: 5 });
    loadMetadata(60);
    expect(video.currentTime).toBe(5);
    await act(async () => media().togglePlay());
    fire('onPlay');
    video.currentTime = 42;
    fire('onTimeUpdate');

    hook.rerender({ src: '/v.webm?sig=new', startAt: 5 });
    // What a browser does with a new src: paused at 0 until the new header arrives.
    video.pause();
    fire('onPause');
    video.currentTime = 0;
    fire('onTimeUpdate');
    loadMetadata(60);

    expect(video.currentTime).toBe(42);
    expect(media().currentTime).toBe(42);
    expect(video.paused).toBe(false);
  });
});
