// The organised library through the real server and real clients, with tokens from the
// Auth emulator, on PGlite and PostgreSQL: search, folders, tags, sorting, filters, changes to
// many videos, ownership, and the spec's ListVideos answering as before.
import { toBinary } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { ListVideosResponseSchema, Status, VideoSort, Visibility } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { libraryClient } from '../support/library-client';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { codeOf } from '@stream/video-api/testing';

let emulator: AuthEmulator;
beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 120_000);
afterAll(() => emulator?.stop());

describe.each(databaseKinds)('the library on %s', (databaseKind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: databaseKind, emulatorHost: emulator.host });
  }, 120_000);
  afterAll(() => server?.close());

  /** A new user with its two clients, and a helper making its videos (oldest first). */
  async function someone() {
    const user: TestUser = await newTestUser(emulator.host);
    const videos = videoClient(server.baseUrl, { token: user.idToken });
    const library = libraryClient(server.baseUrl, user.idToken);
    const make = async (...titles: (string | { title: string; description?: string })[]) => {
      const made = [];
      for (const item of titles) {
        const { title, description = '' } = typeof item === 'string' ? { title: item } : item;
        made.push(await videos.createVideo({ title, description }));
      }
      return made;
    };
    return { user, videos, library, make };
  }

  const titlesOf = (response: { videos: { title: string }[] }) => response.videos.map((video) => video.title);

  describe('ListVideos as the spec has it', () => {
    it('page 0 of size 10 answers every video newest first, with no count, wherever they are filed', async () => {
      const { videos, library, make } = await someone();
      const made = await make(...Array.from({ length: 12 }, (_, i) => `Video ${i}`));
      const folder = await library.createFolder({ name: 'Filed' });
      await library.updateVideos({ videoIds: [made[11]!.id], folderId: folder.id, addTags: ['demo'] });

      const page = await videos.listVideos({ pageSize: 10, pageNumber: 0 });
      expect(titlesOf(page)).toEqual(Array.from({ length: 10 }, (_, i) => `Video ${11 - i}`));
      expect(page.nextPageNumber).toBe(1);
      expect(page.totalCount).toBeUndefined();
      // The bytes are those of the spec's two fields (and the videos): nothing new is sent.
      expect(toBinary(ListVideosResponseSchema, page)).toEqual(
        toBinary(ListVideosResponseSchema, { ...page, totalCount: undefined }),
      );
      expect(page.videos[0]).toMatchObject({ folderId: folder.id, tags: ['demo'] });
      const last = await videos.listVideos({ pageSize: 10, pageNumber: 1 });
      expect(titlesOf(last)).toEqual(['Video 1', 'Video 0']);
      expect(last.nextPageNumber).toBe(0);
    });
  });

  describe('search', () => {
    it('finds by title and description, by prefix, titles first, then newest', async () => {
      const { videos, make } = await someone();
      await make(
        { title: 'Old recording of the launch' },
        { title: 'Planning', description: 'A recording of the planning call' },
        { title: 'Quarterly numbers' },
        { title: 'New recording' },
      );
      const found = await videos.listVideos({ query: 'recor', pageSize: 10 });
      expect(titlesOf(found)).toEqual(['New recording', 'Old recording of the launch', 'Planning']);
      expect(found.totalCount).toBe(3);
      // Every word must match, each as a prefix, whatever the case.
      expect(titlesOf(await videos.listVideos({ query: 'RECORDING lau' }))).toEqual(['Old recording of the launch']);
      const none = await videos.listVideos({ query: 'nothing like this' });
      expect(none.videos).toEqual([]);
      expect(none.totalCount).toBe(0);
      // Punctuation is not query syntax.
      expect(titlesOf(await videos.listVideos({ query: "quarterly & | ! ( ' :*" }))).toEqual(['Quarterly numbers']);
    });

    it('pages through matches and counts them all', async () => {
      const { videos, make } = await someone();
      await make(...Array.from({ length: 5 }, (_, i) => `Demo ${i}`), 'Other');
      const first = await videos.listVideos({ query: 'demo', pageSize: 2, pageNumber: 0 });
      expect(first.totalCount).toBe(5);
      expect(first.nextPageNumber).toBe(1);
      const last = await videos.listVideos({ query: 'demo', pageSize: 2, pageNumber: 2 });
      expect(last.videos).toHaveLength(1);
      expect(last.nextPageNumber).toBe(0);
    });

    it('counts up to 1,000 matches (1,001: more) and then lists them newest first', async () => {
      const { user, videos } = await someone();
      await sql`
        insert into videos (id, user_id, title, description, status, visibility, created_at)
        select ${user.uid} || '-' || g, ${user.uid}, case when g = 1005 then 'Many many' else 'Many ' || g end, '',
          'READY', 'PRIVATE', now() - g * interval '1 second'
        from generate_series(1, 1005) g`.execute(server.database.db);
      const found = await videos.listVideos({ query: 'many', pageSize: 3 });
      expect(found.totalCount).toBe(1001);
      // Past the cap, no ranking: the newest first, though 'Many many' would rank highest.
      expect(titlesOf(found)).toEqual(['Many 1', 'Many 2', 'Many 3']);
      expect(titlesOf(await videos.listVideos({ query: 'many', sort: VideoSort.OLDEST, pageSize: 1 }))).toEqual([
        'Many many',
      ]);
      const few = await videos.listVideos({ query: 'many 100' });
      expect(few.totalCount).toBe(6);
    });

    it("never finds another user's videos", async () => {
      const [a, b] = await Promise.all([someone(), someone()]);
      await a.make('Secret roadmap');
      expect((await b.videos.listVideos({ query: 'secret' })).videos).toEqual([]);
      expect(titlesOf(await a.videos.listVideos({ query: 'secret' }))).toEqual(['Secret roadmap']);
    });
  });

  describe('folders', () => {
    it('nest, list by level with the path, rename and move; deleting one sends its videos to the root', async () => {
      const { videos, library, make } = await someone();
      const work = await library.createFolder({ name: 'Work' });
      const launch = await library.createFolder({ name: 'Launch', parentId: work.id });
      const notes = await library.createFolder({ name: 'notes', parentId: launch.id });
      const [inLaunch, inNotes, atRoot] = await make('In launch', 'In notes', 'At root');
      await library.updateVideos({ videoIds: [inLaunch!.id], folderId: launch.id });
      await library.updateVideos({ videoIds: [inNotes!.id], folderId: notes.id });

      expect((await library.listFolders({})).folders.map((f) => f.name)).toEqual(['Work']);
      const level = await library.listFolders({ parentId: launch.id });
      expect(level.folders).toMatchObject([{ id: notes.id, name: 'notes', parentId: launch.id, videoCount: 1 }]);
      expect(level.path.map((f) => f.name)).toEqual(['Work', 'Launch']);
      expect(level.path[1]?.videoCount).toBe(1);

      expect(titlesOf(await videos.listVideos({ folderId: launch.id }))).toEqual(['In launch']);
      const all = await library.listFolders({ all: true });
      expect(all.folders.map((f) => [f.name, f.parentId])).toEqual([
        ['Launch', work.id],
        ['notes', launch.id],
        ['Work', ''],
      ]);
      expect(all.path).toEqual([]);
      expect(titlesOf(await videos.listVideos({ folderId: '' }))).toEqual(['At root']);

      expect((await library.renameFolder({ folderId: launch.id, name: '  Launch 2027 ' })).name).toBe('Launch 2027');
      const moved = await library.moveFolder({ folderId: notes.id, parentId: '' });
      expect(moved.parentId).toBe('');
      expect((await library.listFolders({})).folders.map((f) => f.name)).toEqual(['notes', 'Work']);
      await library.moveFolder({ folderId: notes.id, parentId: launch.id });

      await library.deleteFolder({ folderId: work.id });
      expect((await library.listFolders({})).folders).toEqual([]);
      expect(titlesOf(await videos.listVideos({ folderId: '' }))).toEqual(['At root', 'In notes', 'In launch']);
      expect((await videos.getVideo({ videoId: inNotes!.id })).folderId).toBe('');
      expect(atRoot).toBeDefined();
    });

    it('never makes a cycle: not into itself, not into one of its subfolders', async () => {
      const { library } = await someone();
      const a = await library.createFolder({ name: 'A' });
      const b = await library.createFolder({ name: 'B', parentId: a.id });
      const c = await library.createFolder({ name: 'C', parentId: b.id });
      expect(await codeOf(library.moveFolder({ folderId: a.id, parentId: a.id }))).toBe(Code.InvalidArgument);
      expect(await codeOf(library.moveFolder({ folderId: a.id, parentId: c.id }))).toBe(Code.InvalidArgument);
      expect(await codeOf(library.moveFolder({ folderId: b.id, parentId: c.id }))).toBe(Code.InvalidArgument);
      expect((await library.listFolders({ parentId: c.id })).path.map((f) => f.name)).toEqual(['A', 'B', 'C']);
      // Two moves at once that would together make a cycle: one of them is refused.
      const d = await library.createFolder({ name: 'D' });
      const codes = await Promise.all([
        codeOf(library.moveFolder({ folderId: a.id, parentId: d.id })),
        codeOf(library.moveFolder({ folderId: d.id, parentId: c.id })),
      ]);
      expect(codes.sort()).toEqual(['ok', Code.InvalidArgument].sort());
    });

    it("another user's folder is not_found everywhere, and nothing changes", async () => {
      const [owner, other] = await Promise.all([someone(), someone()]);
      const folder = await owner.library.createFolder({ name: 'Mine' });
      const [theirs] = await other.make('Theirs');
      const [mine] = await owner.make('Mine too');
      const lib = other.library;
      expect(await codeOf(lib.listFolders({ parentId: folder.id }))).toBe(Code.NotFound);
      expect(await codeOf(lib.createFolder({ name: 'x', parentId: folder.id }))).toBe(Code.NotFound);
      expect(await codeOf(lib.renameFolder({ folderId: folder.id, name: 'x' }))).toBe(Code.NotFound);
      expect(await codeOf(lib.moveFolder({ folderId: folder.id, parentId: '' }))).toBe(Code.NotFound);
      expect(await codeOf(lib.deleteFolder({ folderId: folder.id }))).toBe(Code.NotFound);
      expect(await codeOf(lib.updateVideos({ videoIds: [theirs!.id], folderId: folder.id }))).toBe(Code.NotFound);
      expect(await codeOf(other.videos.listVideos({ folderId: folder.id }))).toBe(Code.NotFound);
      const own = await other.library.createFolder({ name: 'Own' });
      expect(await codeOf(owner.library.moveFolder({ folderId: folder.id, parentId: own.id }))).toBe(Code.NotFound);
      expect(await codeOf(lib.updateVideos({ videoIds: [mine!.id], folderId: own.id }))).toBe(Code.NotFound);
      expect(await owner.library.listFolders({})).toMatchObject({ folders: [{ name: 'Mine', parentId: '' }] });
      expect((await other.videos.getVideo({ videoId: theirs!.id })).folderId).toBe('');
      expect(await codeOf(lib.deleteFolder({ folderId: 'no-such-folder' }))).toBe(Code.NotFound);
    });
  });

  describe('tags', () => {
    it('are one per name whatever the case, listed with counts, and filter videos (all of them)', async () => {
      const { videos, library, make } = await someone();
      const [a, b, c] = await make('A', 'B', 'C');
      await library.updateVideos({ videoIds: [a!.id, b!.id], addTags: ['Demo', ' customer  call '] });
      const tagged = await library.updateVideos({ videoIds: [c!.id, a!.id], addTags: ['demo', 'Zeta'] });
      expect(tagged.videos.map((v) => v.id)).toEqual([c!.id, a!.id]);
      expect(tagged.videos[1]?.tags).toEqual(['customer call', 'Demo', 'Zeta']);
      expect((await library.listTags({})).tags.map(({ name, videoCount }) => ({ name, videoCount }))).toEqual([
        { name: 'customer call', videoCount: 2 },
        { name: 'Demo', videoCount: 3 },
        { name: 'Zeta', videoCount: 2 },
      ]);
      expect(titlesOf(await videos.listVideos({ tags: ['DEMO'] }))).toEqual(['C', 'B', 'A']);
      const both = await videos.listVideos({ tags: ['demo', 'zeta'] });
      expect(titlesOf(both)).toEqual(['C', 'A']);
      expect(both.totalCount).toBe(2);
      expect((await videos.listVideos({ tags: ['demo', 'no-such-tag'] })).videos).toEqual([]);

      await library.updateVideos({ videoIds: [a!.id], removeTags: ['ZETA', 'never-had'] });
      expect((await videos.getVideo({ videoId: a!.id })).tags).toEqual(['customer call', 'Demo']);
      const zeta = (await library.listTags({})).tags.find((tag) => tag.name === 'Zeta')!;
      await library.deleteTag({ tagId: zeta.id });
      expect((await videos.getVideo({ videoId: c!.id })).tags).toEqual(['Demo']);
    });

    it("another user's tag is not_found, and their tags never filter mine", async () => {
      const [owner, other] = await Promise.all([someone(), someone()]);
      const [video] = await owner.make('Tagged');
      await owner.library.updateVideos({ videoIds: [video!.id], addTags: ['private'] });
      const [tag] = (await owner.library.listTags({})).tags;
      expect(await codeOf(other.library.deleteTag({ tagId: tag!.id }))).toBe(Code.NotFound);
      expect(await codeOf(other.library.updateVideos({ videoIds: [video!.id], addTags: ['x'] }))).toBe(Code.NotFound);
      expect((await other.library.listTags({})).tags).toEqual([]);
      expect((await other.videos.listVideos({ tags: ['private'] })).videos).toEqual([]);
      expect((await owner.videos.getVideo({ videoId: video!.id })).tags).toEqual(['private']);
      // A viewer of a public video never sees how its owner files it.
      const folder = await owner.library.createFolder({ name: 'Filed' });
      await owner.library.updateVideos({ videoIds: [video!.id], folderId: folder.id, visibility: Visibility.PUBLIC });
      expect(await other.videos.getVideo({ videoId: video!.id })).toMatchObject({ tags: [], folderId: '' });
      expect(await owner.videos.getVideo({ videoId: video!.id })).toMatchObject({
        tags: ['private'],
        folderId: folder.id,
      });
    });
  });

  describe('sort and filters', () => {
    it('newest, oldest, title, longest; by status and by visibility', async () => {
      const { videos, make } = await someone();
      const [b, c, a] = await make('banana', 'Cherry', 'apple');
      const db = server.database.db;
      await db.updateTable('videos').set({ duration_seconds: 30, status: 'READY' }).where('id', '=', c!.id).execute();
      await db.updateTable('videos').set({ duration_seconds: 90, status: 'FAILED' }).where('id', '=', b!.id).execute();
      await videos.updateVideo({ videoId: a!.id, title: 'apple', visibility: Visibility.PUBLIC });

      expect(titlesOf(await videos.listVideos({ sort: VideoSort.NEWEST }))).toEqual(['apple', 'Cherry', 'banana']);
      expect(titlesOf(await videos.listVideos({ sort: VideoSort.OLDEST }))).toEqual(['banana', 'Cherry', 'apple']);
      expect(titlesOf(await videos.listVideos({ sort: VideoSort.TITLE }))).toEqual(['apple', 'banana', 'Cherry']);
      expect(titlesOf(await videos.listVideos({ sort: VideoSort.LONGEST }))).toEqual(['banana', 'Cherry', 'apple']);
      expect(titlesOf(await videos.listVideos({ status: Status.READY }))).toEqual(['Cherry']);
      expect(titlesOf(await videos.listVideos({ status: Status.UNSPECIFIED }))).toEqual(['apple']);
      expect(titlesOf(await videos.listVideos({ visibility: Visibility.PRIVATE }))).toEqual(['Cherry', 'banana']);
      const publicOnes = await videos.listVideos({ visibility: Visibility.PUBLIC, sort: VideoSort.TITLE });
      expect(titlesOf(publicOnes)).toEqual(['apple']);
      expect(publicOnes.totalCount).toBe(1);
    });
  });

  describe('many videos at once', () => {
    it('moves, tags and changes visibility together, all or nothing', async () => {
      const [owner, other] = await Promise.all([someone(), someone()]);
      const made = await owner.make('One', 'Two', 'Three');
      const [theirs] = await other.make('Theirs');
      const folder = await owner.library.createFolder({ name: 'Batch' });
      const ids = made.map((video) => video.id);
      const refused = owner.library.updateVideos({
        videoIds: [...ids, theirs!.id],
        folderId: folder.id,
        addTags: ['batch'],
      });
      expect(await codeOf(refused)).toBe(Code.NotFound);
      expect((await owner.videos.listVideos({ folderId: folder.id })).videos).toEqual([]);
      expect((await owner.library.listTags({})).tags).toEqual([]);

      const changed = await owner.library.updateVideos({
        videoIds: ids,
        folderId: folder.id,
        addTags: ['batch'],
        visibility: Visibility.PUBLIC,
      });
      expect(changed.videos.map(({ folderId, tags, visibility }) => ({ folderId, tags, visibility }))).toEqual(
        Array(3).fill({ folderId: folder.id, tags: ['batch'], visibility: Visibility.PUBLIC }),
      );
      expect(changed.videos.map((video) => video.title)).toEqual(['One', 'Two', 'Three']);
      // Unset fields are left alone.
      await owner.library.updateVideos({ videoIds: [ids[0]!], addTags: ['first'] });
      expect(await owner.videos.getVideo({ videoId: ids[0]! })).toMatchObject({
        folderId: folder.id,
        visibility: Visibility.PUBLIC,
        tags: ['batch', 'first'],
      });
      await owner.library.updateVideos({ videoIds: [ids[0]!], folderId: '' });
      expect((await owner.videos.getVideo({ videoId: ids[0]! })).folderId).toBe('');
    });

    it('deletes the caller’s videos; one of someone else’s refuses the lot', async () => {
      const [owner, other] = await Promise.all([someone(), someone()]);
      const made = await owner.make('One', 'Two', 'Three');
      const [theirs] = await other.make('Theirs');
      const ids = made.map((video) => video.id);
      expect(await codeOf(owner.library.deleteVideos({ videoIds: [ids[0]!, theirs!.id] }))).toBe(Code.NotFound);
      expect((await owner.videos.listVideos({})).videos).toHaveLength(3);
      expect(await owner.library.deleteVideos({ videoIds: [ids[0]!, ids[1]!, ids[0]!] })).toMatchObject({
        deletedCount: 2,
      });
      expect(titlesOf(await owner.videos.listVideos({}))).toEqual(['Three']);
      expect((await other.videos.getVideo({ videoId: theirs!.id })).title).toBe('Theirs');
    });
  });

  describe('bad input', () => {
    it('is invalid_argument and changes nothing', async () => {
      const { videos, library, make } = await someone();
      const [video] = await make('Kept');
      const folder = await library.createFolder({ name: 'Kept' });
      const id = video!.id;
      const tooMany = Array.from({ length: 101 }, (_, i) => `id-${i}`);
      const calls: [string, () => Promise<unknown>][] = [
        ['empty folder name', () => library.createFolder({ name: '   ' })],
        ['long folder name', () => library.createFolder({ name: 'x'.repeat(101) })],
        ['NUL in a name', () => library.createFolder({ name: 'a\0b' })],
        ['rename to empty', () => library.renameFolder({ folderId: folder.id, name: '' })],
        ['rename without id', () => library.renameFolder({ folderId: '', name: 'x' })],
        ['move without id', () => library.moveFolder({ folderId: '', parentId: '' })],
        ['delete without id', () => library.deleteFolder({ folderId: '' })],
        ['delete tag without id', () => library.deleteTag({ tagId: '' })],
        ['no videos', () => library.updateVideos({ videoIds: [], addTags: ['x'] })],
        ['101 videos', () => library.updateVideos({ videoIds: tooMany, addTags: ['x'] })],
        ['an empty video id', () => library.updateVideos({ videoIds: [id, ''], addTags: ['x'] })],
        ['an empty tag', () => library.updateVideos({ videoIds: [id], addTags: [' '] })],
        ['a long tag', () => library.updateVideos({ videoIds: [id], addTags: ['t'.repeat(51)] })],
        [
          '21 tags',
          () => library.updateVideos({ videoIds: [id], addTags: Array.from({ length: 21 }, (_, i) => `t${i}`) }),
        ],
        ['an unknown visibility', () => library.updateVideos({ videoIds: [id], visibility: 7 as Visibility })],
        ['no videos to delete', () => library.deleteVideos({ videoIds: [] })],
        ['101 videos to delete', () => library.deleteVideos({ videoIds: tooMany })],
        ['a long query', () => videos.listVideos({ query: 'q'.repeat(201) })],
        ['NUL in a query', () => videos.listVideos({ query: 'a\0' })],
        ['an unknown sort', () => videos.listVideos({ sort: 9 as VideoSort })],
        ['an unknown status', () => videos.listVideos({ status: 9 as Status })],
        ['an empty tag filter', () => videos.listVideos({ tags: [''] })],
      ];
      for (const [what, call] of calls) expect(await codeOf(call()), what).toBe(Code.InvalidArgument);
      expect(await videos.getVideo({ videoId: id })).toMatchObject({ title: 'Kept', tags: [], folderId: '' });
      expect((await library.listFolders({})).folders.map((f) => f.name)).toEqual(['Kept']);
      expect((await library.listTags({})).tags).toEqual([]);
    });

    it('every library call needs a signed-in caller', async () => {
      const anonymous = libraryClient(server.baseUrl);
      const calls = [
        () => anonymous.listFolders({}),
        () => anonymous.createFolder({ name: 'x' }),
        () => anonymous.renameFolder({ folderId: 'f', name: 'x' }),
        () => anonymous.moveFolder({ folderId: 'f' }),
        () => anonymous.deleteFolder({ folderId: 'f' }),
        () => anonymous.listTags({}),
        () => anonymous.deleteTag({ tagId: 't' }),
        () => anonymous.updateVideos({ videoIds: ['v'] }),
        () => anonymous.deleteVideos({ videoIds: ['v'] }),
        () => videoClient(server.baseUrl).listVideos({ query: 'x' }),
      ];
      for (const call of calls) expect(await codeOf(call())).toBe(Code.Unauthenticated);
      const folders = await sql<{ n: string | number }>`select count(*) as n from folders where name = 'x'`.execute(
        server.database.db,
      );
      expect(Number(folders.rows[0]?.n)).toBe(0);
    });
  });
});
