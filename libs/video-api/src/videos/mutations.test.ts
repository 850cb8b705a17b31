import { Code, ConnectError } from '@connectrpc/connect';
import { Visibility } from '@stream/proto';
import { InfiniteQueryObserver, MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeVideoService } from '../testing';
import { deleteVideoMutation, recordViewMutation, shareVideoMutation, updateVideoMutation } from './mutations';
import { getSharedVideoQuery, getVideoQuery, listVideosKey, listVideosQuery } from './queries';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

/** A client with the list on screen (an active observer) and video 'a' cached. */
async function primed() {
  const fake = createFakeVideoService({ videos: [{ id: 'a', title: 'Old' }, { id: 'b' }] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const list = new InfiniteQueryObserver(client, listVideosQuery(fake.transport));
  cleanups.push(list.subscribe(() => undefined));
  await vi.waitFor(() => expect(list.getCurrentResult().isSuccess).toBe(true));
  await client.fetchQuery(getVideoQuery(fake.transport, 'a'));
  const listCalls = () => fake.calls.filter((c) => c.method === 'listVideos').length;
  const listed = () => list.getCurrentResult().data?.pages.flatMap((p) => p.videos) ?? [];
  const listedIds = () => listed().map((v) => v.id);
  return { fake, client, listCalls, listed, listedIds };
}

describe('updateVideoMutation', () => {
  it('saves, replaces the cached video and refetches the list', async () => {
    const { fake, client, listCalls } = await primed();
    const saved = await new MutationObserver(client, updateVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
      title: 'New',
      description: 'd',
      visibility: Visibility.PUBLIC,
    });
    expect(saved.title).toBe('New');
    expect(client.getQueryData(getVideoQuery(fake.transport, 'a').queryKey)?.title).toBe('New');
    expect(listCalls()).toBe(2);
  });

  it('shows the new title in the list at once, before the refetch answers', async () => {
    const { fake, client, listed } = await primed();
    fake.fail('listVideos', new ConnectError('down', Code.Unavailable));
    await new MutationObserver(client, updateVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
      title: 'New',
    });
    expect(listed().find((v) => v.id === 'a')?.title).toBe('New');
  });

  it('changes only the fields given: a title alone keeps a public video public and its description', async () => {
    const fake = createFakeVideoService({
      videos: [
        { id: 'p', title: 'Old', description: 'Words', visibility: Visibility.PUBLIC, defaultPlaybackRate: 1.5 },
      ],
    });
    const client = new QueryClient();
    const saved = await new MutationObserver(client, updateVideoMutation(fake.transport, client)).mutate({
      videoId: 'p',
      title: 'New',
    });
    expect(saved).toMatchObject({ title: 'New', description: 'Words', visibility: Visibility.PUBLIC });
    expect(saved.defaultPlaybackRate).toBe(1.5);
    expect(fake.calls.at(-1)?.request).toMatchObject({ updateMask: { paths: ['title'] } });

    await new MutationObserver(client, updateVideoMutation(fake.transport, client)).mutate({
      videoId: 'p',
      visibility: Visibility.PRIVATE,
      chapters: { chapters: [] },
    });
    expect(fake.calls.at(-1)?.request).toMatchObject({ updateMask: { paths: ['visibility', 'chapters'] } });
    expect(fake.videos.get('p')).toMatchObject({ title: 'New', description: 'Words', visibility: Visibility.PRIVATE });
  });

  it('sends a mask it was given as it is, and one naming nothing when given no field (the server refuses it)', async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, updateVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
      title: 'New',
      description: 'ignored',
      updateMask: { paths: ['title'] },
    });
    expect(fake.videos.get('a')).toMatchObject({ title: 'New', description: '' });
    const error = await new MutationObserver(client, updateVideoMutation(fake.transport, client))
      .mutate({ videoId: 'a' })
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.InvalidArgument);
    expect(fake.videos.get('a')?.title).toBe('New');
  });

  it('leaves the caches alone when the server refuses', async () => {
    const { fake, client, listCalls } = await primed();
    fake.fail('updateVideo', new ConnectError('nope', Code.PermissionDenied));
    const error = await new MutationObserver(client, updateVideoMutation(fake.transport, client))
      .mutate({ videoId: 'a', title: 'New' })
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.PermissionDenied);
    expect(client.getQueryData(getVideoQuery(fake.transport, 'a').queryKey)?.title).toBe('Old');
    expect(listCalls()).toBe(1);
    expect(client.getQueryCache().findAll({ queryKey: listVideosKey(fake.transport) })[0]?.state.isInvalidated).toBe(
      false,
    );
  });
});

describe('deleteVideoMutation', () => {
  it('deletes, drops the cached video and refetches the list without it', async () => {
    const { fake, client, listedIds } = await primed();
    expect(listedIds()).toContain('a');
    fake.fail('listVideos', new ConnectError('down', Code.Unavailable));
    await new MutationObserver(client, deleteVideoMutation(fake.transport, client)).mutate({ videoId: 'a' });
    expect(client.getQueryData(getVideoQuery(fake.transport, 'a').queryKey)).toBeUndefined();
    // Gone at once, even while the list cannot be refetched.
    expect(listedIds()).toEqual(['b']);
    fake.succeed('listVideos');
    await client.refetchQueries({ queryKey: listVideosKey(fake.transport) });
    expect(listedIds()).toEqual(['b']);
  });
});

describe('shareVideoMutation', () => {
  it('shares, returns the link and refetches video and list', async () => {
    const { fake, client, listCalls } = await primed();
    const shared = await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
    });
    expect(shared.id).toBe('a');
    expect(shared.url).toBe(`http://localhost:3000/s/${fake.shareTokenOf('a')}`);
    expect(listCalls()).toBe(2);
    // The cached video had no observer: it is marked stale, and its next read sees the new visibility.
    const query = client.getQueryCache().find({ queryKey: getVideoQuery(fake.transport, 'a').queryKey });
    expect(query?.state.isInvalidated).toBe(true);
    expect((await client.fetchQuery(getVideoQuery(fake.transport, 'a'))).visibility).toBe(Visibility.SHARED);
  });

  it("puts the answer's visibility into the cached video and the list at once", async () => {
    const { fake, client, listed } = await primed();
    fake.fail('listVideos', new ConnectError('down', Code.Unavailable));
    fake.fail('getVideo', new ConnectError('down', Code.Unavailable));
    await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
      expireAfterSeconds: 86_400n,
    });
    expect(client.getQueryData(getVideoQuery(fake.transport, 'a').queryKey)?.visibility).toBe(Visibility.SHARED);
    expect(listed().find((v) => v.id === 'a')?.visibility).toBe(Visibility.SHARED);
    expect(fake.calls.find((c) => c.method === 'shareVideo')).toEqual({
      method: 'shareVideo',
      request: { videoId: 'a', expireAfterSeconds: 86_400n, newLink: false },
    });
  });
});

describe('getSharedVideoQuery and recordViewMutation', () => {
  it("reads a link's video signed out and counts a view through its token", async () => {
    const { fake, client } = await primed();
    const { url } = await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
    });
    const shareToken = url.split('/s/')[1] ?? '';
    fake.setCaller(undefined);
    expect((await client.fetchQuery(getSharedVideoQuery(fake.transport, shareToken))).title).toBe('Old');
    const counted = await new MutationObserver(client, recordViewMutation(fake.transport, client)).mutate({
      videoId: 'a',
      viewerId: 'viewer-1',
      shareToken,
    });
    expect(counted.viewCount).toBe(1n);
    expect(client.getQueryData(getSharedVideoQuery(fake.transport, shareToken).queryKey)?.viewCount).toBe(1n);
  });

  it("a view without the link's token is refused for a signed-out viewer", async () => {
    const { fake, client } = await primed();
    await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({ videoId: 'a' });
    fake.setCaller(undefined);
    const error = await new MutationObserver(client, recordViewMutation(fake.transport, client))
      .mutate({ videoId: 'a', viewerId: 'viewer-1' })
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.Unauthenticated);
    expect(fake.videos.get('a')?.viewCount).toBe(0n);
  });

  it('a reset link is not_found, without retries', async () => {
    const { fake, client } = await primed();
    const first = await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
    });
    await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
      newLink: true,
    });
    const before = fake.calls.length;
    const error = await new QueryClient()
      .fetchQuery(getSharedVideoQuery(fake.transport, first.url.split('/s/')[1] ?? ''))
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.NotFound);
    expect(fake.calls.length).toBe(before + 1);
  });
});
