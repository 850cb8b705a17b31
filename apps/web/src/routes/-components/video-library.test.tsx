import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { Status, Visibility } from '@stream/proto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { formatDateTime } from '@stream/ui';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const at = (day: number, hour = 12) => timestampFromDate(new Date(2026, 0, day, hour));
const grid = () => screen.findByRole('region', { name: 'List of Videos' });
const cards = (region: HTMLElement) => within(region).getAllByRole('link');

describe('/videos', () => {
  it('shows the heading and text, and asks for page 0 of size 10', async () => {
    const { fake } = renderApp('/videos', { videos: [{ title: 'One' }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Videos' })).toBeTruthy();
    expect(screen.getByText('View and manage your recorded videos')).toBeTruthy();
    await grid();
    expect(fake.calls[0]).toEqual({ method: 'listVideos', request: { pageSize: 10, pageNumber: 0 } });
  });

  it('shows each card with thumbnail, badges, title, description and date', async () => {
    renderApp('/videos', {
      videos: [
        {
          id: 'r',
          title: 'Ready one',
          description: 'First description',
          status: Status.READY,
          createdAt: at(2),
          thumbnailUrl: '/thumb/r.jpg',
        },
        { id: 'p', title: 'Processing one', status: Status.PROCESSING, createdAt: at(3), thumbnailUrl: '' },
        { id: 'f', title: 'Failed one', status: Status.FAILED, createdAt: at(4), visibility: Visibility.SHARED },
        { id: 'u', title: 'Unknown one', status: Status.UNSPECIFIED, createdAt: at(5), visibility: Visibility.PUBLIC },
      ],
    });
    const region = await grid();
    // Newest first.
    expect(cards(region).map((c) => c.querySelector('h3')?.textContent)).toEqual([
      'Unknown one',
      'Failed one',
      'Processing one',
      'Ready one',
    ]);

    const ready = within(region).getByRole('link', { name: /^Ready one/ });
    expect(ready.getAttribute('href')).toBe('/video/r');
    expect(ready.querySelector('img')?.getAttribute('src')).toBe('/thumb/r.jpg');
    expect(within(ready).getByText('First description').className).toContain('line-clamp-2');
    expect(within(ready).getByText(`${formatDateTime(new Date(2026, 0, 2, 12, 0))}`)).toBeTruthy();
    expect(within(ready).getByText('READY').className).toContain('badge-success');
    expect(within(ready).queryByText('Shared')).toBeNull();

    const processing = within(region).getByRole('link', { name: /^Processing one/ });
    expect(within(processing).getByText('PROCESSING').className).toContain('badge-warning');
    expect(within(processing).getByTestId('video-placeholder')).toBeTruthy();
    expect(processing.querySelector('img')).toBeNull();

    const failed = within(region).getByRole('link', { name: /^Failed one/ });
    expect(within(failed).getByText('FAILED').className).toContain('badge-error');
    expect(within(failed).getByText('Shared')).toBeTruthy();

    const unknown = within(region).getByRole('link', { name: /^Unknown one/ });
    expect(within(unknown).getByText('UNSPECIFIED').className).toContain('badge-ghost');
    expect(within(unknown).getByText('Public')).toBeTruthy();
  });

  it('lays the grid out in 2 columns up to 6, cards at most 225px wide', async () => {
    renderApp('/videos', { videos: [{}, {}] });
    const region = await grid();
    const classes = within(region).getByRole('list').className.split(' ');
    expect(classes).toEqual(expect.arrayContaining(['grid-cols-2', 'xl:grid-cols-6']));
    for (const card of cards(region)) expect(card.className).toContain('max-w-[225px]');
  });

  it('loads more pages following next_page_number', async () => {
    const user = userEvent.setup();
    const videos = Array.from({ length: 23 }, (_, i) => ({ id: `v${i}`, title: `Video ${i}`, createdAt: at(1, i) }));
    const { fake } = renderApp('/videos', { videos });
    const region = await grid();
    expect(cards(region)).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards(region)).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards(region)).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fake.calls.map((c) => (c.request as { pageNumber: number }).pageNumber)).toEqual([0, 1, 2]);
    expect(cards(region)[22]?.querySelector('h3')?.textContent).toBe('Video 0');
  });

  it('calls an empty library to record', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/videos');
    expect(await screen.findByText('No videos yet')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Start Recording' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/record'));
  });

  it('shows a failed load with a Retry that recovers', async () => {
    const user = userEvent.setup();
    const error = new ConnectError('backend down', Code.Unavailable);
    const { fake } = renderApp('/videos', { videos: [{ title: 'Back again' }] });
    fake.fail('listVideos', error);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot reach the video service. Check your connection and try again.');
    expect(alert.textContent).not.toContain('backend down');
    fake.succeed('listVideos');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(within(await grid()).getByRole('link', { name: /^Back again/ })).toBeTruthy();
  });

  it('refreshes PROCESSING videos by itself until they are READY', async () => {
    const { fake } = renderApp('/videos', { videos: [{ id: 'p', title: 'Soon', status: Status.PROCESSING }] });
    const region = await grid();
    expect(within(region).getByText('PROCESSING')).toBeTruthy();
    fake.update('p', { status: Status.READY });
    await waitFor(() => expect(within(region).getByText('READY')).toBeTruthy(), { timeout: 8000 });
    const callsWhenReady = fake.calls.length;
    await new Promise((r) => setTimeout(r, 3500));
    expect(fake.calls.length).toBe(callsWhenReady); // polling stopped
  }, 20_000);

  it('starts loading a video when its card is hovered, so opening it shows it at once', async () => {
    const user = userEvent.setup();
    const { fake, router } = renderApp('/videos', { videos: [{ id: 'abc', title: 'Hover me' }] });
    await user.hover(within(await grid()).getByRole('link', { name: /^Hover me/ }));
    await waitFor(() => expect(fake.calls).toContainEqual({ method: 'getVideo', request: { videoId: 'abc' } }));
    await user.click(screen.getByRole('link', { name: /^Hover me/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/abc'));
    expect(screen.getByRole('heading', { name: 'Hover me' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('opens a video when its card is clicked', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/videos', { videos: [{ id: 'abc', title: 'Open me' }] });
    await user.click(within(await grid()).getByRole('link', { name: /^Open me/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/abc'));
    expect(await screen.findByRole('heading', { name: 'Open me' })).toBeTruthy();
  });
});
