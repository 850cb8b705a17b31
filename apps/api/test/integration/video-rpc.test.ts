// The six RPCs through the real server, over gRPC-web and Connect, with tokens from the real
// Auth emulator, against PGlite and PostgreSQL.
import { Code, ConnectError } from '@connectrpc/connect';
import { Status, Visibility } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { expiredToken, foreignProjectToken, videoClient, type Protocol } from '../support/clients';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { shareTokenOf } from '../support/share';
import { codeOf } from '@stream/video-api/testing';

let emulator: AuthEmulator;
beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 120_000);
afterAll(() => emulator?.stop());

describe.each(databaseKinds)('the video service on %s', (databaseKind) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;
  const as = (user: TestUser | undefined, protocol: Protocol = 'grpc-web', headers?: Record<string, string>) =>
    videoClient(server.baseUrl, { token: user?.idToken, protocol, headers });

  beforeAll(async () => {
    server = await startTestServer({ database: databaseKind, emulatorHost: emulator.host });
    [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  }, 120_000);
  afterAll(() => server?.close());

  /** A video of `owner` with the given visibility; SHARED ones have a share token. */
  async function videoWith(visibility: Visibility) {
    const client = as(owner);
    const video = await client.createVideo({
      title: `A ${Visibility[visibility]} video`,
      visibility: Visibility.PRIVATE,
    });
    let shareToken: string | undefined;
    if (visibility !== Visibility.PRIVATE) {
      const shared = await client.shareVideo({ videoId: video.id });
      shareToken = shareTokenOf(shared.url);
      await client.updateVideo({ videoId: video.id, title: video.title, description: '', visibility });
    }
    return { id: video.id, shareToken };
  }

  describe('authentication', () => {
    const badTokens: [string, () => Record<string, string>][] = [
      ['no token', () => ({})],
      ['a token that is not a JWT', () => ({ authorization: 'Bearer not-a-token' })],
      ['a header that is not Bearer', () => ({ authorization: `Basic ${owner.idToken}` })],
      ['an expired token', () => ({ authorization: `Bearer ${expiredToken(owner.uid)}` })],
      ['a token of another Firebase project', () => ({ authorization: `Bearer ${foreignProjectToken(owner.uid)}` })],
    ];
    it.each(badTokens)('refuses every call made with %s as unauthenticated (every protocol)', async (_, headers) => {
      const { id } = await videoWith(Visibility.PRIVATE);
      for (const protocol of ['grpc-web', 'connect', 'grpc'] as const) {
        const client = videoClient(server.baseUrl, { protocol, headers: headers() });
        const calls = {
          createVideo: () => client.createVideo({ title: 'x' }),
          getVideo: () => client.getVideo({ videoId: id }),
          listVideos: () => client.listVideos({ pageSize: 10, pageNumber: 0 }),
          updateVideo: () => client.updateVideo({ videoId: id, title: 'changed' }),
          deleteVideo: () => client.deleteVideo({ videoId: id }),
          shareVideo: () => client.shareVideo({ videoId: id }),
          recordView: () => client.recordView({ videoId: id, viewerId: 'browser-1' }),
          // Answers a signed-out caller (not_found for an unknown link), but never a bad token.
          ...(headers().authorization
            ? { getSharedVideo: () => client.getSharedVideo({ shareToken: 'some-link-token' }) }
            : {}),
        };
        for (const [method, call] of Object.entries(calls)) {
          expect(await codeOf(call()), `${protocol} ${method}`).toBe(Code.Unauthenticated);
        }
      }
      const still = await as(owner).getVideo({ videoId: id });
      expect(still.title).toBe('A PRIVATE video');
    });

    it.each(['grpc-web', 'connect', 'grpc'] as const)(
      'accepts a fresh token of the emulator over %s and makes its uid the owner',
      async (protocol) => {
        const client = as(owner, protocol);
        const video = await client.createVideo({ title: `Mine over ${protocol}` });
        expect(video.userId).toBe(owner.uid);
        expect(await client.getVideo({ videoId: video.id })).toEqual(video);
        expect(await codeOf(as(undefined, protocol).getVideo({ videoId: video.id }))).toBe(Code.Unauthenticated);
      },
    );
  });

  describe('CreateVideo and GetVideo', () => {
    it('stores a video and reads it back with every field', async () => {
      const created = await as(owner).createVideo({
        title: 'Quarterly demo',
        description: 'What shipped',
        url: 'https://videos.example.com/demo.webm',
        visibility: Visibility.PUBLIC,
      });
      expect(created).toMatchObject({
        title: 'Quarterly demo',
        description: 'What shipped',
        userId: owner.uid,
        url: 'https://videos.example.com/demo.webm',
        thumbnailUrl: '',
        status: Status.READY,
        visibility: Visibility.PUBLIC,
      });
      expect(created.id).not.toBe('');
      const createdAt = Number(created.createdAt?.seconds) * 1000;
      expect(Math.abs(createdAt - Date.now())).toBeLessThan(60_000);
      const read = await as(owner, 'connect').getVideo({ videoId: created.id });
      expect(read).toEqual(created);
    });

    it('gives a video without bytes the status UNSPECIFIED and a default title', async () => {
      const created = await as(owner).createVideo({});
      expect(created.status).toBe(Status.UNSPECIFIED);
      expect(created.url).toBe('');
      expect(created.title).toMatch(/^Recording \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}:\d{2}$/);
    });

    it('answers not_found for an id nobody has', async () => {
      expect(await codeOf(as(owner).getVideo({ videoId: 'no-such-video' }))).toBe(Code.NotFound);
    });
  });

  describe('who may read a video (GetVideo)', () => {
    const signedOut = undefined;
    it('PRIVATE: the owner only; another user gets not_found and the signed-out unauthenticated', async () => {
      const { id } = await videoWith(Visibility.PRIVATE);
      expect(await codeOf(as(owner).getVideo({ videoId: id }))).toBe('ok');
      expect(await codeOf(as(other).getVideo({ videoId: id }))).toBe(Code.NotFound);
      expect(await codeOf(as(signedOut).getVideo({ videoId: id }))).toBe(Code.Unauthenticated);
      expect(await codeOf(as(owner).recordView({ videoId: id }))).toBe('ok');
      expect(await codeOf(as(other).recordView({ videoId: id }))).toBe(Code.NotFound);
      expect(await codeOf(as(signedOut).recordView({ videoId: id, viewerId: 'v1' }))).toBe(Code.Unauthenticated);
    });

    it('PRIVATE after sharing: the old share token no longer opens it', async () => {
      const { id, shareToken } = await videoWith(Visibility.SHARED);
      await as(owner).updateVideo({ videoId: id, title: 'x', visibility: Visibility.PRIVATE });
      const headers = { 'x-share-token': shareToken! };
      expect(await codeOf(as(other, 'grpc-web', headers).getVideo({ videoId: id }))).toBe(Code.NotFound);
      expect(await codeOf(as(signedOut, 'grpc-web', headers).getVideo({ videoId: id }))).toBe(Code.Unauthenticated);
    });

    it('SHARED: the owner, and anyone holding the share token, signed in or not', async () => {
      const { id, shareToken } = await videoWith(Visibility.SHARED);
      const headers = { 'x-share-token': shareToken! };
      expect(await codeOf(as(owner).getVideo({ videoId: id }))).toBe('ok');
      expect(await codeOf(as(other).getVideo({ videoId: id }))).toBe(Code.NotFound);
      expect(await codeOf(as(signedOut).getVideo({ videoId: id }))).toBe(Code.Unauthenticated);
      expect(await codeOf(as(other, 'grpc-web', headers).getVideo({ videoId: id }))).toBe('ok');
      const read = await as(signedOut, 'connect', headers).getVideo({ videoId: id });
      expect(read.visibility).toBe(Visibility.SHARED);
      const wrong = { 'x-share-token': `${shareToken}x` };
      expect(await codeOf(as(other, 'grpc-web', wrong).getVideo({ videoId: id }))).toBe(Code.NotFound);
      // The link's own paths: GetSharedVideo by the token, RecordView with it.
      expect((await as(signedOut, 'grpc').getSharedVideo({ shareToken: shareToken! })).id).toBe(id);
      expect(await codeOf(as(signedOut, 'grpc-web', headers).recordView({ videoId: id, viewerId: 'v1' }))).toBe('ok');
      expect(await codeOf(as(signedOut, 'grpc-web', wrong).recordView({ videoId: id, viewerId: 'v1' }))).toBe(
        Code.Unauthenticated,
      );
      expect(await codeOf(as(other).recordView({ videoId: id }))).toBe(Code.NotFound);
    });

    it('PUBLIC: anyone, signed in or not', async () => {
      const { id } = await videoWith(Visibility.PUBLIC);
      expect(await codeOf(as(owner).getVideo({ videoId: id }))).toBe('ok');
      expect(await codeOf(as(other).getVideo({ videoId: id }))).toBe('ok');
      const read = await as(signedOut, 'grpc-web').getVideo({ videoId: id });
      expect(read.visibility).toBe(Visibility.PUBLIC);
      expect(await codeOf(as(signedOut, 'connect').recordView({ videoId: id, viewerId: 'v1' }))).toBe('ok');
      expect(await codeOf(as(other).recordView({ videoId: id }))).toBe('ok');
    });

    it('a signed-out caller cannot tell a missing video from a private one', async () => {
      expect(await codeOf(as(signedOut).getVideo({ videoId: 'no-such-video' }))).toBe(Code.Unauthenticated);
    });
  });

  describe('UpdateVideo, DeleteVideo and ShareVideo are the owner’s alone', () => {
    it.each([Visibility.PRIVATE, Visibility.SHARED, Visibility.PUBLIC])(
      'another user gets not_found on a %s video and changes nothing',
      async (visibility) => {
        const { id } = await videoWith(visibility);
        const client = as(other, 'connect');
        expect(await codeOf(client.updateVideo({ videoId: id, title: 'hijacked', visibility }))).toBe(Code.NotFound);
        expect(await codeOf(client.deleteVideo({ videoId: id }))).toBe(Code.NotFound);
        expect(await codeOf(client.shareVideo({ videoId: id }))).toBe(Code.NotFound);
        const after = await as(owner).getVideo({ videoId: id });
        expect(after.title).toBe(`A ${Visibility[visibility]} video`);
        expect(after.visibility).toBe(visibility);
      },
    );

    it('the owner updates title, description and visibility; an empty title keeps the old one', async () => {
      const { id } = await videoWith(Visibility.PRIVATE);
      const updated = await as(owner).updateVideo({
        videoId: id,
        title: 'Renamed',
        description: 'Now with words',
        visibility: Visibility.PUBLIC,
      });
      expect(updated).toMatchObject({ title: 'Renamed', description: 'Now with words', visibility: Visibility.PUBLIC });
      const again = await as(owner, 'connect').updateVideo({
        videoId: id,
        title: '',
        description: '',
        visibility: Visibility.PRIVATE,
      });
      expect(again).toMatchObject({ title: 'Renamed', description: '', visibility: Visibility.PRIVATE });
      expect(await as(owner).getVideo({ videoId: id })).toEqual(again);
    });

    it('the owner deletes a video: it is gone for everyone', async () => {
      const { id } = await videoWith(Visibility.PUBLIC);
      await as(owner).deleteVideo({ videoId: id });
      expect(await codeOf(as(owner).getVideo({ videoId: id }))).toBe(Code.NotFound);
      expect(await codeOf(as(other).getVideo({ videoId: id }))).toBe(Code.NotFound);
      expect(await codeOf(as(owner).deleteVideo({ videoId: id }))).toBe(Code.NotFound);
    });

    it('ShareVideo makes a private video SHARED and answers a link that opens it; the link is stable', async () => {
      const { id } = await videoWith(Visibility.PRIVATE);
      const shared = await as(owner).shareVideo({ videoId: id });
      expect(shared.id).toBe(id);
      const link = new URL(shared.url);
      expect(link.origin).toBe(server.baseUrl);
      expect(link.pathname).toMatch(/^\/s\/[A-Za-z0-9_-]{20,}$/); // the watch page
      expect(shared.visibility).toBe(Visibility.SHARED);
      expect(shared.expiresAt).toBeUndefined();
      expect((await as(owner).getVideo({ videoId: id })).visibility).toBe(Visibility.SHARED);
      const token = shareTokenOf(shared.url);
      expect(await codeOf(as(undefined, 'grpc-web', { 'x-share-token': token }).getVideo({ videoId: id }))).toBe('ok');
      expect((await as(owner, 'connect').shareVideo({ videoId: id })).url).toBe(shared.url);
    });

    it('ShareVideo leaves a PUBLIC video public', async () => {
      const { id } = await videoWith(Visibility.PUBLIC);
      await as(owner).shareVideo({ videoId: id });
      expect((await as(owner).getVideo({ videoId: id })).visibility).toBe(Visibility.PUBLIC);
    });
  });

  describe('ListVideos', () => {
    it('pages through 25 videos newest first, 10 by default, with next_page_number 0 at the end', async () => {
      const lister = await newTestUser(emulator.host);
      const client = as(lister);
      const titles: string[] = [];
      for (let i = 0; i < 25; i++) {
        titles.push(`Video ${String(i).padStart(2, '0')}`);
        await client.createVideo({ title: titles[i] });
      }
      await as(other).createVideo({ title: 'Not theirs' });
      const newestFirst = [...titles].reverse();

      const seen: string[] = [];
      const nextPages: number[] = [];
      let pageNumber = 0;
      do {
        const page = await client.listVideos({ pageNumber });
        expect(page.videos.length).toBeLessThanOrEqual(10);
        expect(page.videos.every((video) => video.userId === lister.uid)).toBe(true);
        seen.push(...page.videos.map((video) => video.title));
        nextPages.push(page.nextPageNumber);
        pageNumber = page.nextPageNumber;
      } while (pageNumber !== 0);
      expect(nextPages).toEqual([1, 2, 0]);
      expect(seen).toEqual(newestFirst);

      const sevens = await as(lister, 'connect').listVideos({ pageSize: 7, pageNumber: 3 });
      expect(sevens.videos.map((video) => video.title)).toEqual(newestFirst.slice(21, 25));
      expect(sevens.nextPageNumber).toBe(0);
      const exact = await client.listVideos({ pageSize: 25, pageNumber: 0 });
      expect(exact.videos).toHaveLength(25);
      expect(exact.nextPageNumber).toBe(0);
      const beyond = await client.listVideos({ pageSize: 10, pageNumber: 9 });
      expect(beyond.videos).toEqual([]);
      expect(beyond.nextPageNumber).toBe(0);
    });

    it('caps the page size at 100', async () => {
      const lister = await newTestUser(emulator.host);
      const client = as(lister);
      await Promise.all(Array.from({ length: 101 }, (_, i) => client.createVideo({ title: `v${i}` })));
      const page = await client.listVideos({ pageSize: 1000, pageNumber: 0 });
      expect(page.videos).toHaveLength(100);
      expect(page.nextPageNumber).toBe(1);
    });

    it('lists nothing for a user without videos', async () => {
      const newcomer = await newTestUser(emulator.host);
      const page = await as(newcomer).listVideos({ pageSize: 10, pageNumber: 0 });
      expect(page).toMatchObject({ videos: [], nextPageNumber: 0 });
    });
  });

  describe('invalid arguments are invalid_argument with a message, and change nothing', () => {
    const long = 'x'.repeat(201);
    const cases: [string, (id: string) => Promise<unknown>, RegExp][] = [
      ['GetVideo with an empty id', () => as(owner).getVideo({ videoId: '' }), /video_id/],
      ['UpdateVideo with an empty id', () => as(owner).updateVideo({ videoId: '  ', title: 't' }), /video_id/],
      ['DeleteVideo with an empty id', () => as(owner).deleteVideo({ videoId: '' }), /video_id/],
      ['ShareVideo with an empty id', () => as(owner).shareVideo({ videoId: '' }), /video_id/],
      [
        'ShareVideo with a negative expiry',
        (id) => as(owner).shareVideo({ videoId: id, expireAfterSeconds: -5n }),
        /expire_after_seconds/,
      ],
      ['GetSharedVideo with an empty token', () => as(owner).getSharedVideo({ shareToken: '' }), /share_token/],
      ['RecordView with an empty id', () => as(owner).recordView({ videoId: '' }), /video_id/],
      ['RecordView signed out without a viewer id', () => as(undefined).recordView({ videoId: 'x' }), /viewer_id/],
      ['ListVideos with a negative page', () => as(owner).listVideos({ pageSize: 10, pageNumber: -1 }), /page_number/],
      ['ListVideos with a negative size', () => as(owner).listVideos({ pageSize: -5, pageNumber: 0 }), /page_size/],
      ['CreateVideo with a 201-character title', () => as(owner).createVideo({ title: long }), /title.*200/],
      [
        'UpdateVideo with a 201-character title',
        (id) => as(owner).updateVideo({ videoId: id, title: long }),
        /title.*200/,
      ],
      [
        'CreateVideo with an unknown visibility',
        () => as(owner).createVideo({ title: 't', visibility: 7 as Visibility }),
        /visibility/,
      ],
      [
        'UpdateVideo with an unknown visibility',
        (id) => as(owner).updateVideo({ videoId: id, title: 't', visibility: 9 as Visibility }),
        /visibility/,
      ],
      [
        'CreateVideo with a url that is not http(s)',
        () => as(owner).createVideo({ title: 't', url: 'javascript:alert(1)' }),
        /url/,
      ],
      [
        'CreateVideo with a url holding CR/LF (the URL parser would drop them silently)',
        () => as(owner).createVideo({ title: 't', url: 'https://videos.example.com/a.webm\r\nSet-Cookie: x=1' }),
        /url must not contain control characters/,
      ],
      [
        'CreateVideo with a url holding a tab',
        () => as(owner).createVideo({ title: 't', url: 'https://videos.example.com/\ta.webm' }),
        /url must not contain control characters/,
      ],
    ];
    it.each(cases)('%s', async (_, call, message) => {
      const { id } = await videoWith(Visibility.PRIVATE);
      const before = await as(owner).listVideos({ pageSize: 100 });
      const error = await call(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectError);
      expect((error as ConnectError).code).toBe(Code.InvalidArgument);
      expect((error as ConnectError).rawMessage).toMatch(message);
      expect(await as(owner).listVideos({ pageSize: 100 })).toEqual(before);
    });

    it('accepts a title of exactly 200 characters', async () => {
      const video = await as(owner).createVideo({ title: 'y'.repeat(200) });
      expect(video.title).toHaveLength(200);
    });
  });
});
