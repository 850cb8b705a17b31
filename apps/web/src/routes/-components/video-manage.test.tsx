import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { Status, Visibility } from '@stream/proto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const video = {
  id: 'abc',
  title: 'Team sync',
  description: 'What we agreed on',
  url: '/api/videoservice/video/abc?token=signed',
  status: Status.READY,
  visibility: Visibility.PRIVATE,
  viewCount: 3n,
  createdAt: timestampFromDate(new Date(2026, 2, 14, 12)),
};

async function openVideo(init: Partial<typeof video> = {}) {
  const user = userEvent.setup();
  const app = renderApp('/video/abc', { videos: [{ ...video, ...init }] });
  await screen.findByRole('heading', { level: 1, name: 'Team sync' });
  return { user, ...app };
}

const linkField = () => screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement;

describe('/video/$id for its owner', () => {
  it('shows the views and a Download of <title>.webm', async () => {
    await openVideo();
    expect(screen.getByText('3 views')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/videoservice/video/abc?token=signed&download=1');
    expect(download.getAttribute('download')).toBe('Team sync.webm');
  });

  it('puts Share and Edit video right under the title, above the player; Edit video opens the editor', async () => {
    const user = userEvent.setup();
    renderApp('/video/abc', { videos: [{ ...video, originalUrl: '/original/abc.webm', durationSeconds: 10 }] });
    await screen.findByRole('heading', { level: 1, name: 'Team sync' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Team sync' });
    const share = screen.getByRole('button', { name: 'Share' });
    const editVideo = screen.getByRole('button', { name: 'Edit video' });
    const uploaded = screen.getByText(/^Uploaded on /);
    const follows = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(heading, share) && follows(share, editVideo)).toBe(true);
    expect(follows(editVideo, document.querySelector('video')!) && follows(editVideo, uploaded)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Trim' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Annotate' })).toBeTruthy();
    await user.click(editVideo);
    expect(await screen.findByRole('region', { name: 'Edit video' })).toBeTruthy();
  });

  it('Share on a private video changes nothing until the person chooses; "Anyone with the link" then shares it', async () => {
    const { user, fake } = await openVideo();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share video' });
    await waitFor(() => expect(linkField().placeholder).toBe('No link yet: choose who can watch below'));
    expect(within(dialog).queryByText(/It is now shared/)).toBeNull();
    expect((within(dialog).getByRole('radio', { name: /Private/ }) as HTMLInputElement).checked).toBe(true);
    expect(fake.videos.get('abc')?.visibility).toBe(Visibility.PRIVATE);
    expect(fake.calls.map((call) => call.method)).not.toContain('shareVideo');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(fake.videos.get('abc')?.visibility).toBe(Visibility.PRIVATE);
    expect(fake.shareTokenOf('abc')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('radio', { name: /Anyone with the link/ }));
    await waitFor(() => expect(linkField().value).toBe(`http://localhost:3000/s/${fake.shareTokenOf('abc')}`));
    expect(fake.videos.get('abc')?.visibility).toBe(Visibility.SHARED);
  });

  it('sets Private, an expiry of 1 day, and resets the link (the old one stops working)', async () => {
    const { user, fake } = await openVideo({ visibility: Visibility.SHARED });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(linkField().value).toContain('/s/'));
    expect(screen.queryByText(/It is now shared/)).toBeNull();
    const first = fake.shareTokenOf('abc');

    await user.click(screen.getByRole('radio', { name: /Private/ }));
    await waitFor(() => expect(fake.videos.get('abc')?.visibility).toBe(Visibility.PRIVATE));
    // The visibility alone is sent: the title and description are kept by the server,
    // not sent back from this page's cache, which another tab may have made stale.
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'updateVideo',
      request: { updateMask: { paths: ['visibility'] } },
    });
    expect(fake.videos.get('abc')).toMatchObject({ title: 'Team sync', description: 'What we agreed on' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Link expires' }), '1 day');
    await waitFor(() => expect(screen.getByText(/The link works until/)).toBeTruthy());
    expect(fake.calls.filter((c) => c.method === 'shareVideo').at(-1)?.request).toMatchObject({
      expireAfterSeconds: 86_400n,
    });

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    await waitFor(() =>
      expect(screen.getByText('The old link no longer works. Share the new one above.')).toBeTruthy(),
    );
    expect(fake.shareTokenOf('abc')).not.toBe(first);
    expect(linkField().value).toBe(`http://localhost:3000/s/${fake.shareTokenOf('abc')}`);
  });

  it('edits the title in place: the heading and the list show it', async () => {
    const { user, history } = await openVideo();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(document.activeElement).toBe(title);
    await user.clear(title);
    await user.type(title, 'Weekly sync{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly sync' })).toBeTruthy();
    history.push('/videos');
    expect(await screen.findByRole('link', { name: /^Weekly sync/ })).toBeTruthy();
  });

  it("shows the server's validation message and changes nothing", async () => {
    const { user, fake } = await openVideo();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(title);
    await user.paste('x'.repeat(201));
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('title must be at most 200 characters');
    expect(fake.videos.get('abc')?.title).toBe('Team sync');
  });

  it('Delete asks, names the video, then goes to /videos without it', async () => {
    const { user, fake, router } = await openVideo();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete video?' });
    expect(dialog.textContent).toContain('Team sync');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.videos.has('abc')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
    expect(await screen.findByText('No videos yet')).toBeTruthy();
    expect(fake.videos.has('abc')).toBe(false);
  });

  it('a refused visibility change puts the previous choice back and says why', async () => {
    const { user, fake } = await openVideo({ visibility: Visibility.SHARED });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(linkField().value).toContain('/s/'));
    fake.fail('updateVideo', new ConnectError('down', Code.Unavailable));
    await user.click(screen.getByRole('radio', { name: /Public/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cannot reach the video service. Check your connection and try again.',
    );
    expect((screen.getByRole('radio', { name: /Anyone with the link/ }) as HTMLInputElement).checked).toBe(true);
    expect(fake.videos.get('abc')?.visibility).toBe(Visibility.SHARED);
  });

  it("someone else's public video shows no owner controls", async () => {
    renderApp('/video/abc', { videos: [{ ...video, userId: 'someone-else', visibility: Visibility.PUBLIC }] });
    await screen.findByRole('heading', { level: 1, name: 'Team sync' });
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('/videos card menu', () => {
  it("Rename opens the video's page with the title editor focused", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/videos', { videos: [video] });
    await user.click(await screen.findByRole('button', { name: 'Actions for Team sync' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(router.state.location.pathname).toBe('/video/abc');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.queryByRole('region', { name: 'Edit video' })).toBeNull();
  });

  it("Edit video opens the video's page in the editor, and is offered only once the video is ready", async () => {
    const user = userEvent.setup();
    const ready = { ...video, originalUrl: '/original/abc.webm', durationSeconds: 10 };
    const processing = { ...video, id: 'later', title: 'Still processing', status: Status.PROCESSING };
    const { router } = renderApp('/videos', { videos: [ready, processing] });
    await user.click(await screen.findByRole('button', { name: 'Actions for Still processing' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit video' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Team sync' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit video' }));
    expect(await screen.findByRole('region', { name: 'Edit video' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/video/abc');
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it('shares and deletes from a card', async () => {
    const user = userEvent.setup();
    const { fake } = renderApp('/videos', { videos: [video, { id: 'other', title: 'Other' }] });
    await user.click(await screen.findByRole('button', { name: 'Actions for Team sync' }));
    await user.click(screen.getByRole('menuitem', { name: 'Share' }));
    // A private video is shared when the person chooses so, not by opening the dialog.
    await user.click(await screen.findByRole('radio', { name: /Anyone with the link/ }));
    await waitFor(() => expect(linkField().value).toContain('/s/'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const card = screen.getByRole('link', { name: /^Team sync/ });
    await waitFor(() => expect(within(card).getByText('Shared')).toBeTruthy());
    expect(within(card).getByText('3 views')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Team sync' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete video?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Team sync/ })).toBeNull());
    expect(screen.getByRole('link', { name: /^Other/ })).toBeTruthy();
    expect(fake.videos.has('abc')).toBe(false);
  });
});
