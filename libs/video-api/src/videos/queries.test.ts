import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { ListVideosResponseSchema, Status } from '@stream/proto';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query/create-query-client';
import { createFakeVideoService, fakeVideo } from '../testing';
import {
  DEFAULT_PAGE_SIZE,
  PROCESSING_REFETCH_MS,
  VIDEO_PROCESSING_REFETCH_MS,
  getVideoQuery,
  listVideosQuery,
  nextPageNumber,
  refetchWhileProcessing,
  STORYBOARD_WAIT_MS,
} from './queries';

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const at = (minute: number) => timestampFromDate(new Date(Date.UTC(2026, 1, 1, 0, minute)));

describe('listVideosQuery', () => {
  it('asks for page 0 with size 10 first', async () => {
    const fake = createFakeVideoService({ videos: [{ title: 'only' }] });
    const data = await newClient().fetchInfiniteQuery(listVideosQuery(fake.transport));
    expect(fake.calls).toEqual([{ method: 'listVideos', request: { pageSize: 10, pageNumber: 0 } }]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(data.pages[0]?.videos.map((v) => v.title)).toEqual(['only']);
  });

  it('follows next_page_number until the server says there is no next page', async () => {
    const videos = Array.from({ length: 23 }, (_, i) => ({ id: `v${i}`, createdAt: at(i) }));
    const fake = createFakeVideoService({ videos });
    const client = newClient();
    const observer = new InfiniteQueryObserver(client, listVideosQuery(fake.transport));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
      expect(observer.getCurrentResult().hasNextPage).toBe(true);
      await observer.fetchNextPage();
      await observer.fetchNextPage();
      const result = observer.getCurrentResult();
      expect(result.hasNextPage).toBe(false);
      const ids = result.data?.pages.flatMap((p) => p.videos.map((v) => v.id));
      // Newest first, every video exactly once.
      expect(ids).toEqual(videos.map((v) => v.id).reverse());
      expect(fake.calls.map((c) => (c.request as { pageNumber: number }).pageNumber)).toEqual([0, 1, 2]);
    } finally {
      unsubscribe();
    }
  });

  it('fails with the server error code', async () => {
    const fake = createFakeVideoService();
    fake.fail('listVideos', new ConnectError('down', Code.Unavailable));
    const error = await newClient()
      .fetchInfiniteQuery(listVideosQuery(fake.transport))
      .catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.Unavailable);
  });
});

describe('nextPageNumber', () => {
  const page = (next: number) => create(ListVideosResponseSchema, { nextPageNumber: next });
  it('returns the next page the server names', () => {
    expect(nextPageNumber(page(1), 0)).toBe(1);
    expect(nextPageNumber(page(5), 4)).toBe(5);
  });
  it('ends on 0, and never goes back or repeats (a server bug must not loop forever)', () => {
    expect(nextPageNumber(page(0), 0)).toBeUndefined();
    expect(nextPageNumber(page(0), 3)).toBeUndefined();
    expect(nextPageNumber(page(3), 3)).toBeUndefined();
    expect(nextPageNumber(page(1), 2)).toBeUndefined();
  });
});

describe('getVideoQuery', () => {
  it('loads one video by id', async () => {
    const fake = createFakeVideoService({ videos: [{ id: 'abc', title: 'Hello' }] });
    const video = await newClient().fetchQuery(getVideoQuery(fake.transport, 'abc'));
    expect(video.title).toBe('Hello');
    expect(fake.calls).toEqual([{ method: 'getVideo', request: { videoId: 'abc' } }]);
  });

  it("fails not_found for a missing video and for another user's private video", async () => {
    const fake = createFakeVideoService({ userId: 'me', videos: [{ id: 'theirs', userId: 'someone-else' }] });
    const client = newClient();
    for (const id of ['nope', 'theirs']) {
      const error = await client.fetchQuery(getVideoQuery(fake.transport, id)).catch((e: unknown) => e);
      expect(ConnectError.from(error).code).toBe(Code.NotFound);
    }
  });
});

describe('refetchWhileProcessing', () => {
  it('polls while any video is PROCESSING and stops once none is', () => {
    const processing = fakeVideo({ status: Status.PROCESSING });
    const ready = fakeVideo({ status: Status.READY });
    const failed = fakeVideo({ status: Status.FAILED });
    expect(refetchWhileProcessing(undefined)).toBe(false);
    expect(refetchWhileProcessing(processing)).toBe(VIDEO_PROCESSING_REFETCH_MS); // one video's page: sooner
    expect(VIDEO_PROCESSING_REFETCH_MS).toBeLessThan(PROCESSING_REFETCH_MS);
    expect(refetchWhileProcessing(ready)).toBe(false);
    expect(
      refetchWhileProcessing({
        pages: [
          create(ListVideosResponseSchema, { videos: [ready] }),
          create(ListVideosResponseSchema, { videos: [processing] }),
        ],
      }),
    ).toBe(PROCESSING_REFETCH_MS);
    expect(refetchWhileProcessing({ pages: [create(ListVideosResponseSchema, { videos: [ready, failed] })] })).toBe(
      false,
    );
  });

  it("asks a READY video's page again for its hover previews for a few seconds, then gives up", () => {
    const stored = { status: Status.READY, sizeBytes: 4096n };
    const waiting = fakeVideo(stored);
    expect(refetchWhileProcessing(waiting, 1_000)).toBe(VIDEO_PROCESSING_REFETCH_MS);
    expect(refetchWhileProcessing(waiting, 1_000 + STORYBOARD_WAIT_MS - 1)).toBe(VIDEO_PROCESSING_REFETCH_MS);
    expect(refetchWhileProcessing(waiting, 1_000 + STORYBOARD_WAIT_MS)).toBe(false); // none came
    const arrived = fakeVideo({ ...stored, storyboard: { url: '/storyboard', count: 10 } });
    expect(refetchWhileProcessing(arrived, 1_000)).toBe(false);
    // A video hosted elsewhere gets none, and a list does not wait for them.
    expect(refetchWhileProcessing(fakeVideo({ status: Status.READY, sizeBytes: 0n }), 1_000)).toBe(false);
    expect(refetchWhileProcessing(create(ListVideosResponseSchema, { videos: [fakeVideo(stored)] }), 1_000)).toBe(
      false,
    );
  });
});

describe('retries, by the rule createQueryClient puts in the defaults', () => {
  it('does not retry not_found, so a missing video is reported at once', async () => {
    const fake = createFakeVideoService();
    const client = createQueryClient();
    await client.fetchQuery(getVideoQuery(fake.transport, 'gone')).catch(() => undefined);
    expect(fake.calls).toHaveLength(1);
  });

  it('retries an unavailable server twice', async () => {
    const fake = createFakeVideoService();
    fake.fail('listVideos', new ConnectError('down', Code.Unavailable));
    const client = createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    await client.fetchInfiniteQuery(listVideosQuery(fake.transport)).catch(() => undefined);
    expect(fake.calls).toHaveLength(3);
  });
});
