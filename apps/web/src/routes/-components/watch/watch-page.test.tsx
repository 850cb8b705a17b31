import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createClient } from '@connectrpc/connect';
import { Status, VideoService, Visibility } from '@stream/proto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { VIEWER_ID_KEY } from '@stream/video-api';
import { formatDateTime } from '@stream/ui';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const video = {
  id: 'abc',
  title: 'Team sync',
  description: 'What we agreed on',
  url: '/api/videoservice/video/abc?share=tok',
  status: Status.READY,
  visibility: Visibility.SHARED,
  ownerName: 'Ada Lovelace',
  createdAt: timestampFromDate(new Date(2026, 2, 14, 12)),
};

const link = { videoId: 'abc', token: 'tok' };
const open = (path: string, { signedIn = false, init = {} as Record<string, unknown> } = {}) =>
  renderApp(path, { signedIn, videos: [{ ...video, ...init }], shareLinks: [link] });

/** Plays `seconds` of the <video> as a browser would: play, then timeupdates. */
function play(container: HTMLElement, seconds: number) {
  const element = container.querySelector('video') as HTMLVideoElement;
  Object.defineProperty(element, 'paused', { configurable: true, get: () => false });
  for (let t = 0.5; t <= seconds; t += 0.5) {
    element.currentTime = t;
    fireEvent(element, new Event('timeupdate'));
  }
}

describe('/s/$token', () => {
  it("shows title, player, description, owner and date, and a call to record, signed out and without the app's chrome", async () => {
    const { view } = open('/s/tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team sync' })).toBeTruthy();
    expect(view.container.querySelector('video')?.getAttribute('src')).toBe(video.url);
    expect(screen.getByRole('region', { name: 'Team sync' })).toBeTruthy();
    expect(screen.getByText('What we agreed on')).toBeTruthy();
    expect(screen.getByText(/Ada Lovelace/).closest('p')?.textContent).toBe(
      `Ada Lovelace · ${formatDateTime(new Date(2026, 2, 14, 12, 0))}`,
    );
    expect(screen.getByRole('link', { name: 'Record your own' }).getAttribute('href')).toBe('/record');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it.each([
    ['an unknown link', '/s/nope', {}],
    ['a PRIVATE video', '/s/tok', { visibility: Visibility.PRIVATE }],
  ])('says "This video is not available" for %s, and nothing about the video', async (_case, path, init) => {
    const { view } = open(path, { init });
    expect(await screen.findByRole('heading', { name: 'This video is not available' })).toBeTruthy();
    expect(view.container.textContent).not.toContain('Team sync');
    expect(view.container.querySelector('video')).toBeNull();
  });

  it('a link reset while the page is open hides the video at its next refetch', async () => {
    const { fake, queryClient } = open('/s/tok');
    await screen.findByRole('heading', { level: 1, name: 'Team sync' });
    // The owner resets the link elsewhere.
    fake.setCaller(fake.videos.get('abc')?.userId);
    await createClient(VideoService, fake.transport).shareVideo({ videoId: 'abc', newLink: true });
    fake.setCaller(undefined);
    await queryClient.refetchQueries();
    expect(await screen.findByRole('heading', { name: 'This video is not available' })).toBeTruthy();
    expect(screen.queryByText('Team sync')).toBeNull();
  });

  it('the signed-in owner sees Edit, back to /video/{id}', async () => {
    open('/s/tok', { signedIn: true });
    const edit = await screen.findByRole('link', { name: 'Edit' });
    expect(edit.getAttribute('href')).toBe('/video/abc');
  });

  it('says a PROCESSING video is processing and plays it once READY', async () => {
    const { fake, view } = open('/s/tok', { init: { status: Status.PROCESSING } });
    expect(await screen.findByText(/still processing/)).toBeTruthy();
    fake.update('abc', { status: Status.READY });
    await waitFor(() => expect(view.container.querySelector('video')).not.toBeNull(), { timeout: 8000 });
  }, 20_000);

  it("records one view after 3 s of playback, with this browser's viewer id and the link's token", async () => {
    const { fake, view } = open('/s/tok');
    await screen.findByRole('heading', { level: 1, name: 'Team sync' });
    play(view.container, 2.5);
    expect(fake.calls.some((c) => c.method === 'recordView')).toBe(false);
    play(view.container, 6);
    await waitFor(() => expect(fake.videos.get('abc')?.viewCount).toBe(1n));
    const views = fake.calls.filter((c) => c.method === 'recordView');
    expect(views).toEqual([
      { method: 'recordView', request: { videoId: 'abc', viewerId: window.localStorage.getItem(VIEWER_ID_KEY) } },
    ]);
    expect(window.localStorage.getItem(VIEWER_ID_KEY)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records a view at the end of a short video', async () => {
    const { fake, view } = open('/s/tok');
    await screen.findByRole('heading', { level: 1, name: 'Team sync' });
    fireEvent(view.container.querySelector('video') as HTMLVideoElement, new Event('ended'));
    await waitFor(() => expect(fake.videos.get('abc')?.viewCount).toBe(1n));
  });

  it("the owner's own plays do not count", async () => {
    const user = userEvent.setup();
    const { fake, view } = open('/s/tok', { signedIn: true });
    await screen.findByRole('link', { name: 'Edit' });
    await user.click(screen.getByRole('button', { name: 'Play' }));
    play(view.container, 10);
    fireEvent(view.container.querySelector('video') as HTMLVideoElement, new Event('ended'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls.some((c) => c.method === 'recordView')).toBe(false);
  });
});

describe('/watch/$id', () => {
  it('shows a PUBLIC video signed out', async () => {
    open('/watch/abc', { init: { visibility: Visibility.PUBLIC } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team sync' })).toBeTruthy();
  });

  it('a SHARED or PRIVATE video is not available there', async () => {
    const { view } = open('/watch/abc');
    expect(await screen.findByRole('heading', { name: 'This video is not available' })).toBeTruthy();
    expect(view.container.textContent).not.toContain('Team sync');
  });
});

describe('/embed/$token', () => {
  it('is the player alone', async () => {
    const { view } = open('/embed/tok');
    expect(await screen.findByRole('region', { name: 'Team sync' })).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Record your own' })).toBeNull();
    expect(view.container.querySelector('video')?.getAttribute('src')).toBe(video.url);
  });

  it('an unknown link is not available', async () => {
    open('/embed/nope');
    expect(await screen.findByText('This video is not available')).toBeTruthy();
  });
});
