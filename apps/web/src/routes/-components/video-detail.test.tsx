import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { Status, Visibility } from '@stream/proto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { formatDateTime } from '@stream/ui';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const ready = {
  id: 'abc',
  title: 'Team sync',
  description: 'What we agreed on',
  url: '/api/videoservice/video/abc?token=signed',
  thumbnailUrl: '/api/videoservice/thumbnail/abc?token=signed',
  status: Status.READY,
  durationSeconds: 75,
  createdAt: timestampFromDate(new Date(2026, 2, 14, 12)),
};

describe('/video/$id', () => {
  it('shows Loading... until GetVideo answers, then title, player, description and upload date', async () => {
    const { view } = renderApp('/video/abc', { videos: [ready] });
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team sync' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    const player = screen.getByRole('region', { name: 'Team sync' });
    const video = view.container.querySelector('video');
    expect(video?.getAttribute('src')).toBe(ready.url);
    expect(video?.getAttribute('preload')).toBe('metadata');
    // The server's duration shows before the file's metadata arrives.
    expect(within(player).getByTestId('player-time').textContent).toBe('0:00 / 1:15');
    expect(within(player).getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(screen.getByText('What we agreed on')).toBeTruthy();
    expect(screen.getByText(`Uploaded on ${formatDateTime(new Date(2026, 2, 14, 12, 0))}`)).toBeTruthy();
  });

  it('asks for a fresh signed URL when the player fails, and plays from it', async () => {
    const { fake, view } = renderApp('/video/abc', { videos: [ready] });
    await screen.findByRole('heading', { level: 1, name: 'Team sync' });
    const video = view.container.querySelector('video') as HTMLVideoElement;
    const getsBefore = fake.calls.filter((c) => c.method === 'getVideo').length;
    fake.update('abc', { url: '/api/videoservice/video/abc?token=fresh' });
    fireEvent(video, new Event('error'));
    await waitFor(() => expect(video.getAttribute('src')).toBe('/api/videoservice/video/abc?token=fresh'));
    expect(fake.calls.filter((c) => c.method === 'getVideo').length).toBe(getsBefore + 1);
  });

  it('says "Video not found" for a missing video', async () => {
    const { fake } = renderApp('/video/nope');
    expect(await screen.findByRole('heading', { name: 'Video not found' })).toBeTruthy();
    expect(fake.calls).toEqual([{ method: 'getVideo', request: { videoId: 'nope' } }]); // no retries
  });

  it('says "Video not found" for another user\'s private video', async () => {
    renderApp('/video/theirs', {
      userId: 'me',
      videos: [{ id: 'theirs', userId: 'them', visibility: Visibility.PRIVATE }],
    });
    expect(await screen.findByRole('heading', { name: 'Video not found' })).toBeTruthy();
  });

  it('says "Video not found" when access is denied', async () => {
    const { fake } = renderApp('/video/abc', { videos: [ready] });
    fake.fail('getVideo', new ConnectError('no', Code.PermissionDenied));
    expect(await screen.findByRole('heading', { name: 'Video not found' })).toBeTruthy();
  });

  it('says a PROCESSING video is processing instead of showing a broken player, then plays it when READY', async () => {
    const { fake, view } = renderApp('/video/abc', { videos: [{ ...ready, status: Status.PROCESSING }] });
    expect(await screen.findByText(/still processing/)).toBeTruthy();
    expect(view.container.querySelector('video')).toBeNull();
    fake.update('abc', { status: Status.READY });
    await waitFor(() => expect(view.container.querySelector('video')).not.toBeNull(), { timeout: 8000 });
  }, 20_000);

  it('says a FAILED video failed, with the reason', async () => {
    const { view } = renderApp('/video/abc', {
      videos: [{ ...ready, status: Status.FAILED, failureReason: 'not a WebM file' }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be processed');
    expect(alert.textContent).toContain('not a WebM file');
    expect(view.container.querySelector('video')).toBeNull();
  });

  it('shows other failures with a Retry', async () => {
    const user = userEvent.setup();
    const { fake } = renderApp('/video/abc', { videos: [ready] });
    fake.fail('getVideo', new ConnectError('boom', Code.Internal));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on the server. Try again.');
    fake.succeed('getVideo');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team sync' })).toBeTruthy();
  });
});
