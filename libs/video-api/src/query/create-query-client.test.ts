import { Code, ConnectError } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { VideoService } from '@stream/proto';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeVideoService } from '../testing';
import { listShareLinksQuery } from '../sharing/queries';
import { shareVideoMutation, updateVideoMutation } from '../videos/mutations';
import { getVideoQuery, listVideosQuery } from '../videos/queries';
import { withUpdateMask } from '../videos/update-mask';
import { createQueryClient } from './create-query-client';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((stop) => stop()));

/** A client as the app makes it, asking again at once instead of after 1 s and 2 s. */
const appClient = () => createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });

/** Keeps `observer` subscribed, as a mounted useQuery is, until the test ends. */
function watch<O extends { subscribe: (listener: () => void) => () => void }>(observer: O): O {
  cleanups.push(observer.subscribe(() => undefined));
  return observer;
}

describe('createQueryClient: the retry rule lives in the defaults', () => {
  const getVideoCalls = (fake: ReturnType<typeof createFakeVideoService>) =>
    fake.calls.filter((call) => call.method === 'getVideo').length;

  it('a component asks once for permission_denied and three times in all for unavailable', async () => {
    const fake = createFakeVideoService({ videos: [{ id: 'a' }] });
    fake.fail('getVideo', new ConnectError('not yours', Code.PermissionDenied));
    const refused = watch(new QueryObserver(appClient(), getVideoQuery(fake.transport, 'a')));
    await vi.waitFor(() => expect(refused.getCurrentResult().isError).toBe(true));
    expect(getVideoCalls(fake)).toBe(1);

    fake.fail('getVideo', new ConnectError('down', Code.Unavailable));
    const down = watch(new QueryObserver(appClient(), getVideoQuery(fake.transport, 'a')));
    await vi.waitFor(() => expect(down.getCurrentResult().isError).toBe(true));
    expect(getVideoCalls(fake)).toBe(1 + 3);
  });

  it("a loader's fetch follows the same rule: not_found once, unavailable three times", async () => {
    const fake = createFakeVideoService();
    await appClient()
      .fetchQuery(getVideoQuery(fake.transport, 'gone'))
      .catch(() => undefined);
    expect(getVideoCalls(fake)).toBe(1);

    fake.fail('listVideos', new ConnectError('down', Code.Unavailable));
    await appClient()
      .fetchInfiniteQuery(listVideosQuery(fake.transport))
      .catch(() => undefined);
    expect(fake.calls.filter((call) => call.method === 'listVideos')).toHaveLength(3);
  });

  it('keeps what the caller adds or overrides, such as a test turning retries off', async () => {
    const fake = createFakeVideoService();
    fake.fail('getVideo', new ConnectError('down', Code.Unavailable));
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery(getVideoQuery(fake.transport, 'a')).catch(() => undefined);
    expect(fake.calls).toHaveLength(1);
    expect(client.getDefaultOptions().queries?.staleTime).toBe(1000);
  });
});

describe('keys come from the query options', () => {
  it("invalidating an options' queryKey refetches the query on screen", async () => {
    const fake = createFakeVideoService({ videos: [{ id: 'a', title: 'Before' }, { id: 'b' }] });
    const client = appClient();
    const a = watch(new QueryObserver(client, getVideoQuery(fake.transport, 'a')));
    const b = watch(new QueryObserver(client, getVideoQuery(fake.transport, 'b')));
    await vi.waitFor(() => expect(a.getCurrentResult().data?.title).toBe('Before'));
    await vi.waitFor(() => expect(b.getCurrentResult().isSuccess).toBe(true));
    // Another tab renames it: this cache does not know until it asks again.
    await callUnaryMethod(
      fake.transport,
      VideoService.method.updateVideo,
      withUpdateMask({ videoId: 'a', title: 'After' }),
    );
    const before = fake.calls.filter((call) => call.method === 'getVideo').length;

    await client.invalidateQueries({ queryKey: getVideoQuery(fake.transport, 'a').queryKey });
    expect(a.getCurrentResult().data?.title).toBe('After');
    // One video's key, not every video's.
    expect(fake.calls.filter((call) => call.method === 'getVideo')).toHaveLength(before + 1);
  });

  it('a mutation writes the answer under the same key its query reads', async () => {
    const fake = createFakeVideoService({ videos: [{ id: 'a', title: 'Before' }] });
    const client = appClient();
    const a = watch(new QueryObserver(client, getVideoQuery(fake.transport, 'a')));
    await vi.waitFor(() => expect(a.getCurrentResult().isSuccess).toBe(true));
    await new MutationObserver(client, updateVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
      title: 'Saved',
    });
    expect(a.getCurrentResult().data?.title).toBe('Saved');
  });

  it("ShareVideo with a new link refetches the video's links, so the share dialog lists the new main link", async () => {
    const fake = createFakeVideoService({ videos: [{ id: 'a' }] });
    const client = appClient();
    await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({ videoId: 'a' });
    const links = watch(new QueryObserver(client, listShareLinksQuery(fake.transport, 'a')));
    const mainUrl = () => links.getCurrentResult().data?.links.find((link) => link.id === 'main')?.url;
    await vi.waitFor(() => expect(mainUrl()).toBeTruthy());
    const first = mainUrl();

    const reset = await new MutationObserver(client, shareVideoMutation(fake.transport, client)).mutate({
      videoId: 'a',
      newLink: true,
      keepVisibility: true,
    });
    expect(reset.url).not.toBe(first);
    expect(mainUrl()).toBe(reset.url);
  });
});
