import { Code, ConnectError } from '@connectrpc/connect';
import { Visibility } from '@stream/proto';
import { InfiniteQueryObserver, MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeVideoService } from '../testing';
import { deleteVideoMutation, shareVideoMutation, updateVideoMutation } from './video-mutations';
import { getVideoKey, getVideoQuery, listVideosKey, listVideosQuery } from './video-queries';

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
  const listedIds = () => list.getCurrentResult().data?.pages.flatMap((p) => p.videos.map((v) => v.id));
  return { fake, client, listCalls, listedIds };
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
    expect(client.getQueryData(getVideoKey(fake.transport, 'a'))?.title).toBe('New');
    expect(listCalls()).toBe(2);
  });

  it('leaves the caches alone when the server refuses', async () => {
    const { fake, client, listCalls } = await primed();
    fake.fail('updateVideo', new ConnectError('nope', Code.PermissionDenied));
    const error = await new MutationObserver(client, updateVideoMutation(fake.transport, client))
      .mutate({ videoId: 'a', title: 'New' })
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.PermissionDenied);
    expect(client.getQueryData(getVideoKey(fake.transport, 'a'))?.title).toBe('Old');
    expect(listCalls()).toBe(1);
    expect(client.getQueryCache().findAll({ queryKey: listVideosKey(fake.transport) })[0]?.state.isInvalidated).toBe(false);
  });
});

describe('deleteVideoMutation', () => {
  it('deletes, drops the cached video and refetches the list without it', async () => {
    const { fake, client, listedIds } = await primed();
    expect(listedIds()).toContain('a');
    await new MutationObserver(client, deleteVideoMutation(fake.transport, client)).mutate({ videoId: 'a' });
    expect(client.getQueryData(getVideoKey(fake.transport, 'a'))).toBeUndefined();
    await vi.waitFor(() => expect(listedIds()).toEqual(['b']));
  });
});

describe('shareVideoMutation', () => {
  it('shares, returns the link and refetches video and list', async () => {
    const { fake, client, listCalls } = await primed();
    const shared = await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({ videoId: 'a' });
    expect(shared.id).toBe('a');
    expect(shared.url).toContain('a');
    expect(listCalls()).toBe(2);
    // The cached video had no observer: it is marked stale, and its next read sees the new visibility.
    const query = client.getQueryCache().find({ queryKey: getVideoKey(fake.transport, 'a') });
    expect(query?.state.isInvalidated).toBe(true);
    expect((await client.fetchQuery(getVideoQuery(fake.transport, 'a'))).visibility).toBe(Visibility.SHARED);
  });
});
