import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from './video-player';

afterEach(cleanup);

function setup(props: { knownDuration?: number } = {}) {
  const user = userEvent.setup();
  const view = render(<VideoPlayer src="/api/videoservice/video/abc?token=t" label="Demo" {...props} />);
  const video = view.container.querySelector('video') as HTMLVideoElement;
  const region = screen.getByRole('region', { name: 'Demo' });
  const time = () => screen.getByTestId('player-time').textContent;
  /** Pretend the browser read the file's metadata. */
  const loadMetadata = (duration: number) => {
    Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
    fireEvent(video, new Event('loadedmetadata'));
  };
  return { user, video, region, time, loadMetadata };
}

describe('VideoPlayer', () => {
  it('streams by ranges: preload metadata, no autoplay, no native controls', () => {
    const { video } = setup();
    expect(video.getAttribute('src')).toBe('/api/videoservice/video/abc?token=t');
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.autoplay).toBe(false);
    expect(video.hasAttribute('controls')).toBe(false);
    expect(video.paused).toBe(true);
  });

  it('starts on the first press of Play and pauses on the next', async () => {
    const { user, video } = setup();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(video.paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(video.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('shows elapsed / total as m:ss', () => {
    const { video, time, loadMetadata } = setup();
    expect(time()).toBe('0:00 / 0:00');
    loadMetadata(3661);
    video.currentTime = 65;
    fireEvent(video, new Event('timeupdate'));
    expect(time()).toBe('1:05 / 61:01');
  });

  it('never shows Infinity: falls back to the known duration', () => {
    const { time, loadMetadata } = setup({ knownDuration: 42 });
    expect(time()).toBe('0:00 / 0:42');
    loadMetadata(Number.POSITIVE_INFINITY);
    expect(time()).toBe('0:00 / 0:42');
    expect((screen.getByRole('slider', { name: 'Seek' }) as HTMLInputElement).max).toBe('42');
  });

  it('seeks with the slider', () => {
    const { video, time, loadMetadata } = setup();
    loadMetadata(120);
    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '60' } });
    expect(video.currentTime).toBe(60);
    expect(time()).toBe('1:00 / 2:00');
  });

  it('has a volume slider from 0 to 1 in steps of 0.1 starting at 1', () => {
    const { video } = setup();
    const volume = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect([volume.min, volume.max, volume.step, volume.value]).toEqual(['0', '1', '0.1', '1']);
    fireEvent.change(volume, { target: { value: '0.3' } });
    expect(video.volume).toBe(0.3);
    expect(volume.value).toBe('0.3');
  });

  it('offers playback speeds 0.5× to 2×', async () => {
    const { user, video } = setup();
    const speed = screen.getByRole('combobox', { name: 'Playback speed' });
    expect([...(speed as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '0.5',
      '0.75',
      '1',
      '1.25',
      '1.5',
      '1.75',
      '2',
    ]);
    await user.selectOptions(speed, '1.5');
    expect(video.playbackRate).toBe(1.5);
  });

  it('answers the keyboard shortcuts', async () => {
    const { user, video, region, loadMetadata } = setup();
    loadMetadata(60);
    region.focus();
    await user.keyboard(' ');
    expect(video.paused).toBe(false);
    await user.keyboard('k');
    expect(video.paused).toBe(true);
    video.currentTime = 20;
    await user.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(25);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(15);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(video.volume).toBe(0.8);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(video.volume).toBe(1);
    await user.keyboard('m');
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
    await user.keyboard('m');
    expect(video.muted).toBe(false);
  });

  it('does not seek past the ends', async () => {
    const { user, video, region, loadMetadata } = setup();
    loadMetadata(8);
    region.focus();
    video.currentTime = 2;
    await user.keyboard('{ArrowLeft}');
    expect(video.currentTime).toBe(0);
    video.currentTime = 6;
    await user.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(8);
  });

  it('asks for fullscreen on F and on the button', async () => {
    const { user, region } = setup();
    let requests = 0;
    region.requestFullscreen = () => {
      requests += 1;
      return Promise.resolve();
    };
    region.focus();
    await user.keyboard('f');
    await user.click(screen.getByRole('button', { name: 'Enter fullscreen' }));
    expect(requests).toBe(2);
  });

  it('shows a spinner while waiting for data, and hides it once playing', () => {
    const { video } = setup();
    expect(screen.queryByRole('status', { name: 'Buffering' })).toBeNull();
    fireEvent(video, new Event('waiting'));
    expect(screen.getByRole('status', { name: 'Buffering' })).toBeTruthy();
    fireEvent(video, new Event('playing'));
    expect(screen.queryByRole('status', { name: 'Buffering' })).toBeNull();
  });

  it('says so when the video cannot be played, and tells the caller', () => {
    let errors = 0;
    const view = render(<VideoPlayer src="/v?token=expired" onError={() => (errors += 1)} />);
    const video = view.container.querySelector('video') as HTMLVideoElement;
    act(() => void fireEvent(video, new Event('error')));
    expect(screen.getByRole('alert').textContent).toBe('This video could not be played.');
    expect(errors).toBe(1);
  });

  it('resumes at the same position, still playing, when src is replaced', async () => {
    const user = userEvent.setup();
    const view = render(<VideoPlayer src="/v?sig=old" />);
    const video = view.container.querySelector('video') as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { configurable: true, get: () => 60 });
    fireEvent(video, new Event('loadedmetadata'));
    await user.click(screen.getByRole('button', { name: 'Play' }));
    video.currentTime = 42;
    fireEvent(video, new Event('timeupdate'));

    view.rerender(<VideoPlayer src="/v?sig=new" />);
    // What a browser does when src changes: back to 0, paused, until the new metadata arrives.
    video.pause();
    video.currentTime = 0;
    fireEvent(video, new Event('timeupdate'));
    fireEvent(video, new Event('loadedmetadata'));

    expect(video.getAttribute('src')).toBe('/v?sig=new');
    expect(video.currentTime).toBe(42);
    await vi.waitFor(() => expect(video.paused).toBe(false));
    expect(screen.getByTestId('player-time').textContent).toBe('0:42 / 1:00');
  });

  it('starts a replaced src from 0 when nothing had played', () => {
    const view = render(<VideoPlayer src="/a" />);
    const video = view.container.querySelector('video') as HTMLVideoElement;
    view.rerender(<VideoPlayer src="/b" />);
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(0);
    expect(video.paused).toBe(true);
  });

  it('loops the video while Loop is pressed, and stops looping when pressed again', async () => {
    const { user, video } = setup();
    const loop = screen.getByRole('button', { name: 'Loop' });
    expect(loop.getAttribute('aria-pressed')).toBe('false');
    expect(video.loop).toBe(false);
    await user.click(loop);
    expect(loop.getAttribute('aria-pressed')).toBe('true');
    expect(video.loop).toBe(true);
    await user.click(loop);
    expect(video.loop).toBe(false);
  });
});
