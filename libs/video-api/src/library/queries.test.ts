import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { VideoSort } from '@stream/proto';
import { InfiniteQueryObserver, MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeVideoService } from '../testing';
import { createFolderMutation, deleteVideosMutation, updateVideosMutation } from './mutations';
import { isFiltered, libraryVideosQuery, listFoldersQuery, listTagsQuery } from './queries';
import { listVideosQuery } from '../videos/queries';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

const at = (day: number) => timestampFromDate(new Date(2026, 0, day));

function setup() {
  const fake = createFakeVideoService({
    videos: [
      { id: 'a', title: 'Recording of the demo', createdAt: at(1) },
      { id: 'b', title: 'Budget', description: 'recorded live', createdAt: at(2) },
      { id: 'c', title: 'Zoo', createdAt: at(3) },
    ],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { fake, client };
}

async function listed(client: QueryClient, options: ReturnType<typeof libraryVideosQuery>) {
  const observer = new InfiniteQueryObserver(client, options);
  cleanups.push(observer.subscribe(() => undefined));
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return observer;
}

describe('libraryVideosQuery', () => {
  it('with no filter is the spec request, sharing the plain list’s cache', () => {
    const { fake } = setup();
    expect(isFiltered({})).toBe(false);
    expect(libraryVideosQuery(fake.transport, {}).queryKey).toEqual(listVideosQuery(fake.transport).queryKey);
  });

  it('sends the search, sort and filters, and reads the count', async () => {
    const { fake, client } = setup();
    expect(isFiltered({ query: 'recor' })).toBe(true);
    const observer = await listed(client, libraryVideosQuery(fake.transport, { query: 'recor' }));
    const page = observer.getCurrentResult().data!.pages[0]!;
    expect(page.videos.map((video) => video.id)).toEqual(['a', 'b']);
    expect(page.totalCount).toBe(2);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'listVideos', request: { query: 'recor', pageSize: 10 } });
    const byTitle = await listed(client, libraryVideosQuery(fake.transport, { sort: VideoSort.TITLE }));
    expect(byTitle.getCurrentResult().data!.pages[0]!.videos.map((video) => video.title)).toEqual([
      'Budget',
      'Recording of the demo',
      'Zoo',
    ]);
  });
});

describe('library mutations', () => {
  it('tag, move and delete many videos; the lists, folders and tags are asked again', async () => {
    const { fake, client } = setup();
    const all = await listed(client, libraryVideosQuery(fake.transport, {}));
    const folder = await new MutationObserver(client, createFolderMutation(fake.transport, client)).mutate({
      name: 'Work',
    });
    expect((await client.fetchQuery(listFoldersQuery(fake.transport, ''))).folders.map((f) => f.name)).toEqual([
      'Work',
    ]);
    await new MutationObserver(client, updateVideosMutation(fake.transport, client)).mutate({
      videoIds: ['a', 'b'],
      folderId: folder.id,
      addTags: ['Demo'],
    });
    expect((await client.fetchQuery(listTagsQuery(fake.transport))).tags).toMatchObject([
      { name: 'Demo', videoCount: 2 },
    ]);
    const inFolder = await listed(client, libraryVideosQuery(fake.transport, { folderId: folder.id }));
    expect(inFolder.getCurrentResult().data!.pages[0]!.videos.map((video) => video.id)).toEqual(['b', 'a']);

    await new MutationObserver(client, deleteVideosMutation(fake.transport, client)).mutate({ videoIds: ['a', 'c'] });
    await vi.waitFor(() =>
      expect(all.getCurrentResult().data!.pages[0]!.videos.map((video) => video.id)).toEqual(['b']),
    );
  });
});
