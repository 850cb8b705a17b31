import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VideoPlayer } from './video-player';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const sprite = { url: '/sb.jpg', columns: 10, rows: 1, tileWidth: 160, tileHeight: 90, intervalSeconds: 10, count: 10 };
const chapters = [
  { seconds: 25, title: 'Here is the bug' },
  { seconds: 75, title: 'The fix' },
];

function setup(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const view = render(<VideoPlayer src="/v.webm" label="Demo" knownDuration={100} {...props} />);
  const video = view.container.querySelector('video') as HTMLVideoElement;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => 100 });
  fireEvent(video, new Event('loadedmetadata'));
  return { view, video };
}

describe('VideoPlayer extras', () => {
  it('marks chapters on the seek bar and seeks from the list', async () => {
    const { view, video } = setup({ chapters });
    const marks = view.getAllByTestId('chapter-mark');
    expect(marks.map((mark) => mark.style.left)).toEqual(['25%', '75%']);
    const list = screen.getByRole('navigation', { name: 'Chapters' });
    await userEvent.click(screen.getByRole('button', { name: /The fix/ }));
    expect(list).toBeTruthy();
    expect(video.currentTime).toBe(75);
  });

  it("starts at the owner's default speed, and remembers the viewer's choice instead", async () => {
    const { video } = setup({ defaultRate: 1.5 });
    expect((screen.getByRole('combobox', { name: 'Playback speed' }) as HTMLSelectElement).value).toBe('1.5');
    expect(video.playbackRate).toBe(1.5);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Playback speed' }), '0.75');
    cleanup();
    const again = setup({ defaultRate: 1.5 });
    expect(again.video.playbackRate).toBe(0.75);
  });

  it('shows the storyboard tile of the time under the pointer', () => {
    setup({ storyboard: sprite });
    const seek = screen.getByRole('slider', { name: 'Seek' });
    const bar = seek.parentElement!;
    bar.getBoundingClientRect = () => ({ left: 0, width: 200, top: 0, height: 10, right: 200, bottom: 10 }) as DOMRect;
    fireEvent.mouseMove(bar, { clientX: 50 });
    const preview = screen.getByRole('img', { name: 'Preview at 0:25' });
    expect(preview.style.backgroundImage).toBe('url("/sb.jpg")');
    expect(preview.style.backgroundPosition).toBe('-320px 0px');
    fireEvent.mouseLeave(bar);
    expect(screen.queryByRole('img', { name: /Preview at/ })).toBeNull();
  });

  it('carries a captions track when the video has one', () => {
    const { video } = setup({ captionsUrl: '/c.vtt' });
    const track = video.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe('/c.vtt');
  });

  it('skips what an edit removes in the preview', () => {
    const { video } = setup({
      keptSpans: [
        { start: 10, end: 20 },
        { start: 50, end: 60 },
      ],
    });
    video.currentTime = 25;
    fireEvent(video, new Event('timeupdate'));
    expect(video.currentTime).toBe(50);
  });
});
