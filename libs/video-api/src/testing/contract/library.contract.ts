import { createClient, type Client } from '@connectrpc/connect';
import { LibraryService, Status, VideoService, VideoSort, Visibility } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { Code, codeOf, type RpcContractSubject } from './contract-subject';

interface User {
  videos: Client<typeof VideoService>;
  library: Client<typeof LibraryService>;
}

/**
 * The LibraryService and ListVideos' filters as the server defines them: folders (nest,
 * no cycles, delete sends videos to the root), tags (one per name whatever the case), changes to
 * many videos, search by word prefixes, sorting; everything the caller's own.
 */
export function libraryContract(subject: RpcContractSubject): void {
  const signIn = async (): Promise<User> => {
    const transport = await subject.signIn();
    return { videos: createClient(VideoService, transport), library: createClient(LibraryService, transport) };
  };
  const names = (items: { name: string }[]) => items.map((item) => item.name);
  const titles = (items: { title: string }[]) => items.map((item) => item.title);

  describe('folders', () => {
    it('nest, list one level by name with the path to it, or all of them', async () => {
      const { library } = await signIn();
      const work = await library.createFolder({ name: '  Work ' });
      expect(work).toMatchObject({ name: 'Work', parentId: '', videoCount: 0 });
      const archive = await library.createFolder({ name: 'archive' });
      const demos = await library.createFolder({ name: 'Demos', parentId: work.id });
      expect(names((await library.listFolders({})).folders)).toEqual(['archive', 'Work']);
      const inside = await library.listFolders({ parentId: work.id });
      expect(names(inside.folders)).toEqual(['Demos']);
      expect(names(inside.path)).toEqual(['Work']);
      expect(names((await library.listFolders({ parentId: demos.id })).path)).toEqual(['Work', 'Demos']);
      expect(names((await library.listFolders({ all: true })).folders)).toEqual(['archive', 'Demos', 'Work']);
      expect((await library.renameFolder({ folderId: archive.id, name: 'Old' })).name).toBe('Old');
    });

    it('refuse a blank or too long name and an unknown parent, creating nothing', async () => {
      const { library } = await signIn();
      expect(await codeOf(library.createFolder({ name: '  ' }))).toBe(Code.InvalidArgument);
      expect(await codeOf(library.createFolder({ name: 'n'.repeat(101) }))).toBe(Code.InvalidArgument);
      expect(await codeOf(library.createFolder({ name: 'Child', parentId: 'no-such-folder' }))).toBe(Code.NotFound);
      expect((await library.listFolders({ all: true })).folders).toEqual([]);
      expect((await library.createFolder({ name: 'n'.repeat(100) })).name).toHaveLength(100);
    });

    it('never move into themselves or their subfolders', async () => {
      const { library } = await signIn();
      const top = await library.createFolder({ name: 'Top' });
      const sub = await library.createFolder({ name: 'Sub', parentId: top.id });
      expect(await codeOf(library.moveFolder({ folderId: top.id, parentId: sub.id }))).toBe(Code.InvalidArgument);
      expect(await codeOf(library.moveFolder({ folderId: top.id, parentId: top.id }))).toBe(Code.InvalidArgument);
      expect((await library.moveFolder({ folderId: sub.id, parentId: '' })).parentId).toBe('');
      expect((await library.moveFolder({ folderId: top.id, parentId: sub.id })).parentId).toBe(sub.id);
    });

    it('when deleted with their subfolders, send their videos to the root', async () => {
      const { library, videos } = await signIn();
      const top = await library.createFolder({ name: 'Top' });
      const sub = await library.createFolder({ name: 'Sub', parentId: top.id });
      const video = await videos.createVideo({ title: 'Filed' });
      await library.updateVideos({ videoIds: [video.id], folderId: sub.id });
      expect((await library.listFolders({ parentId: top.id })).folders[0]?.videoCount).toBe(1);
      await library.deleteFolder({ folderId: top.id });
      expect((await library.listFolders({ all: true })).folders).toEqual([]);
      expect((await videos.getVideo({ videoId: video.id })).folderId).toBe('');
    });

    it("are their owner's: another user's folder is not_found", async () => {
      const [owner, other] = [await signIn(), await signIn()];
      const folder = await owner.library.createFolder({ name: 'Private' });
      const video = await other.videos.createVideo({ title: 'Theirs' });
      expect(await codeOf(other.library.listFolders({ parentId: folder.id }))).toBe(Code.NotFound);
      expect(await codeOf(other.library.renameFolder({ folderId: folder.id, name: 'Mine' }))).toBe(Code.NotFound);
      expect(await codeOf(other.library.deleteFolder({ folderId: folder.id }))).toBe(Code.NotFound);
      expect(await codeOf(other.library.updateVideos({ videoIds: [video.id], folderId: folder.id }))).toBe(
        Code.NotFound,
      );
      expect((await other.library.listFolders({ all: true })).folders).toEqual([]);
      expect(names((await owner.library.listFolders({})).folders)).toEqual(['Private']);
    });
  });

  describe('tags and changes to many videos', () => {
    it('add tags matching an existing name whatever its case, count them, remove and delete them', async () => {
      const { library, videos } = await signIn();
      const [a, b] = [await videos.createVideo({ title: 'A' }), await videos.createVideo({ title: 'B' })];
      await library.updateVideos({ videoIds: [a.id], addTags: ['Demo', 'zeta'] });
      const changed = await library.updateVideos({ videoIds: [b.id, a.id], addTags: [' demo '] });
      expect(changed.videos.map((v) => v.id)).toEqual([b.id, a.id]);
      expect(changed.videos.map((v) => v.tags)).toEqual([['Demo'], ['Demo', 'zeta']]);
      const listed = (await library.listTags({})).tags;
      expect(listed.map((t) => [t.name, t.videoCount])).toEqual([
        ['Demo', 2],
        ['zeta', 1],
      ]);
      expect(
        (await library.updateVideos({ videoIds: [a.id], removeTags: ['ZETA', 'absent'] })).videos[0]?.tags,
      ).toEqual(['Demo']);
      await library.deleteTag({ tagId: listed[0]!.id });
      expect((await videos.getVideo({ videoId: b.id })).tags).toEqual([]);
      expect(await codeOf(library.deleteTag({ tagId: listed[0]!.id }))).toBe(Code.NotFound);
    });

    it('change visibility and delete many at once; refuse an empty list, a blank tag or a video not the caller’s', async () => {
      const [owner, other] = [await signIn(), await signIn()];
      const [a, b] = [await owner.videos.createVideo({ title: 'A' }), await owner.videos.createVideo({ title: 'B' })];
      const theirs = await other.videos.createVideo({ title: 'Theirs' });
      const made = await owner.library.updateVideos({ videoIds: [a.id, b.id], visibility: Visibility.PUBLIC });
      expect(made.videos.map((v) => v.visibility)).toEqual([Visibility.PUBLIC, Visibility.PUBLIC]);
      expect(await codeOf(owner.library.updateVideos({ videoIds: [] }))).toBe(Code.InvalidArgument);
      expect(await codeOf(owner.library.updateVideos({ videoIds: [a.id], addTags: [' '] }))).toBe(Code.InvalidArgument);
      const many = Array.from({ length: 101 }, (_, i) => `video-${i}`);
      expect(await codeOf(owner.library.deleteVideos({ videoIds: many }))).toBe(Code.InvalidArgument);
      expect(await codeOf(owner.library.deleteVideos({ videoIds: [a.id, theirs.id] }))).toBe(Code.NotFound);
      expect((await owner.videos.listVideos({})).videos).toHaveLength(2);
      expect((await owner.library.deleteVideos({ videoIds: [a.id, b.id, a.id] })).deletedCount).toBe(2);
      expect((await owner.videos.listVideos({})).videos).toEqual([]);
      expect((await other.videos.getVideo({ videoId: theirs.id })).title).toBe('Theirs');
    });
  });

  describe('ListVideos filters', () => {
    it('search by word prefixes in title or description and count what matches', async () => {
      const { videos } = await signIn();
      await videos.createVideo({ title: 'Recording of the launch' });
      await videos.createVideo({ title: 'Budget', description: 'recorded on Monday' });
      await videos.createVideo({ title: 'Holiday' });
      const found = await videos.listVideos({ query: 'recor' });
      expect(titles(found.videos).sort()).toEqual(['Budget', 'Recording of the launch']);
      expect(found.totalCount).toBe(2);
      expect(titles((await videos.listVideos({ query: 'recor launch' })).videos)).toEqual(['Recording of the launch']);
      expect((await videos.listVideos({ query: 'nothing' })).totalCount).toBe(0);
    });

    it('filter by folder (the root with ""), every tag asked, visibility; sort by title or oldest', async () => {
      const { videos, library } = await signIn();
      const folder = await library.createFolder({ name: 'F' });
      const b = await videos.createVideo({ title: 'banana' });
      const a = await videos.createVideo({ title: 'Apple', visibility: Visibility.PUBLIC });
      const c = await videos.createVideo({ title: 'cherry' });
      await library.updateVideos({ videoIds: [a.id, c.id], folderId: folder.id });
      await library.updateVideos({ videoIds: [a.id, b.id], addTags: ['fruit'] });
      await library.updateVideos({ videoIds: [a.id], addTags: ['red'] });
      expect(titles((await videos.listVideos({ folderId: folder.id })).videos)).toEqual(['cherry', 'Apple']);
      expect(titles((await videos.listVideos({ folderId: '' })).videos)).toEqual(['banana']);
      expect(titles((await videos.listVideos({ tags: ['FRUIT', 'red'] })).videos)).toEqual(['Apple']);
      expect(titles((await videos.listVideos({ visibility: Visibility.PUBLIC })).videos)).toEqual(['Apple']);
      expect(titles((await videos.listVideos({ sort: VideoSort.TITLE })).videos)).toEqual([
        'Apple',
        'banana',
        'cherry',
      ]);
      const oldest = await videos.listVideos({ sort: VideoSort.OLDEST, pageSize: 2 });
      expect(titles(oldest.videos)).toEqual(['banana', 'Apple']);
      expect(oldest).toMatchObject({ nextPageNumber: 1, totalCount: 3 });
    });

    it('refuse an unknown sort, status or visibility and a query too long', async () => {
      const { videos } = await signIn();
      expect(await codeOf(videos.listVideos({ sort: 42 as VideoSort }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.listVideos({ status: 42 as Status }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.listVideos({ visibility: 42 as Visibility }))).toBe(Code.InvalidArgument);
      expect(await codeOf(videos.listVideos({ query: 'q'.repeat(201) }))).toBe(Code.InvalidArgument);
    });
  });

  it('refuses a signed-out caller', async () => {
    const library = createClient(LibraryService, subject.signedOut());
    expect(await codeOf(library.listFolders({}))).toBe(Code.Unauthenticated);
    expect(await codeOf(library.createFolder({ name: 'x' }))).toBe(Code.Unauthenticated);
    expect(await codeOf(library.listTags({}))).toBe(Code.Unauthenticated);
  });
}
