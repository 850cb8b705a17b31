import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HLS_TYPE, hlsModeOf, qualityChoices } from './hls-playback';
import { VideoPlayer } from './video-player';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const hls = {
  url: '/api/videoservice/hls/abc/master.m3u8?expires=1&signature=s',
  rungs: [
    { height: 1080, playlistUrl: '/api/videoservice/hls/abc/0.m3u8?expires=1&signature=s' },
    { height: 720, playlistUrl: '/api/videoservice/hls/abc/1.m3u8?expires=1&signature=s' },
    { height: 480, playlistUrl: '/api/videoservice/hls/abc/2.m3u8?expires=1&signature=s' },
  ],
};

describe('HLS playback', () => {
  it("uses the browser's own HLS first, else hls.js where Media Source Extensions exist, else neither", () => {
    expect(hlsModeOf((type) => (type === HLS_TYPE ? 'maybe' : ''), true)).toBe('native');
    expect(hlsModeOf(() => '', true)).toBe('hls.js');
    expect(hlsModeOf(() => '', false)).toBe('none');
  });

  it('offers Auto first, then the rungs highest first', () => {
    expect(qualityChoices(hls).map((choice) => choice.label)).toEqual(['Auto', '1080p', '720p', '480p']);
  });

  it('plays the master playlist natively, and one rung’s playlist once a quality is chosen', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === HLS_TYPE ? 'maybe' : '',
    );
    const user = userEvent.setup();
    const view = render(<VideoPlayer src="/api/videoservice/video/abc?s=1" hls={hls} label="Demo" />);
    const video = view.container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(hls.url);
    const menu = screen.getByRole('combobox', { name: 'Quality' });
    await user.selectOptions(menu, '480p');
    expect(video.getAttribute('src')).toBe(hls.rungs[2]!.playlistUrl);
    await user.selectOptions(menu, 'Auto');
    expect(video.getAttribute('src')).toBe(hls.url);
  });

  it('shows the length the server measured while HLS reports only the first segments (12 s, not 0:04)', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === HLS_TYPE ? 'maybe' : '',
    );
    const view = render(
      <VideoPlayer src="/api/videoservice/video/abc?s=1" hls={hls} knownDuration={12} label="Demo" />,
    );
    const video = view.container.querySelector('video')!;
    Object.defineProperty(video, 'duration', { configurable: true, value: 4 });
    fireEvent.durationChange(video);
    expect(screen.getByTestId('player-time').textContent).toBe('0:00 / 0:12');
    // A longer one (the playlists know best once complete) is taken as it is.
    Object.defineProperty(video, 'duration', { configurable: true, value: 12.2 });
    fireEvent.durationChange(video);
    expect(screen.getByTestId('player-time').textContent).toBe('0:00 / 0:12');
  });

  it('keeps the recording and no Quality menu where the browser plays no HLS at all', () => {
    const view = render(<VideoPlayer src="/api/videoservice/video/abc?s=1" hls={hls} label="Demo" />);
    expect(view.container.querySelector('video')!.getAttribute('src')).toBe('/api/videoservice/video/abc?s=1');
    expect(screen.queryByRole('combobox', { name: 'Quality' })).toBeNull();
  });
});
