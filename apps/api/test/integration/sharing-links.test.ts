// Share links through the real server: expiry, reset and PRIVATE end a link on every
// path it opens (GetVideo with the token, GetSharedVideo, the stream, the thumbnail), the signed
// URLs a link's viewer gets end with it, views count once per viewer per hour and never the owner,
// and downloads are named after the title. On PGlite and PostgreSQL.
import { Code, ConnectError } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { ShareLinkService, Status, Visibility, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { sql } from 'kysely';
import { MAX_ANONYMOUS_VIEWS_PER_ADDRESS } from '../../src/sharing/sharing.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { expiredToken, serviceClient, videoClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { codeOf } from '@stream/video-api/testing';

let emulator: AuthEmulator;
let webm: Buffer;
beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(2));
}, 120_000);
afterAll(() => emulator?.stop());

describe.each(databaseKinds)('share links on %s', (databaseKind) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;
  const as = (user: TestUser | undefined, headers?: Record<string, string>) =>
    videoClient(server.baseUrl, { token: user?.idToken, headers });
  const withLink = (token: string) => videoClient(server.baseUrl, { headers: { 'x-share-token': token } });

  beforeAll(async () => {
    // TRUST_PROXY: a test may be several client addresses (X-Forwarded-For); without it every call is 127.0.0.1.
    // This file plays the proxy itself, so the emulator's tokens must be taken through it.
    server = await startTestServer({
      database: databaseKind,
      emulatorHost: emulator.host,
      env: { WORKER: 'true', TRUST_PROXY: '127.0.0.1', FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true' },
    });
    [owner, other] = await Promise.all([
      newTestUser(emulator.host, { displayName: 'Ada Owner' }),
      newTestUser(emulator.host),
    ]);
  }, 120_000);
  afterAll(() => server?.close());

  /** An uploaded video of `owner`, processed to READY (with a thumbnail). */
  async function processedVideo(): Promise<Video> {
    const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    expect(answer.status).toBe(201);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const video = await as(owner).getVideo({ videoId: answer.json.video!.id });
      if (video.status === Status.READY) return video;
      if (video.status === Status.FAILED || Date.now() > deadline)
        throw new Error(`processing ended ${Status[video.status]}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The link's expiry moved into the past, as if its time had come. */
  const expireLink = (id: string) =>
    sql`update share_links set expires_at = now() - interval '1 second' where video_id = ${id} and is_main`.execute(
      server.database.db,
    );

  const status = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(path, server.baseUrl), { headers });
    await response.arrayBuffer();
    return response.status;
  };

  describe('ShareVideo', () => {
    it('answers the watch page URL, the expiry and the visibility; the same link on every call unless reset', async () => {
      const video = await as(owner).createVideo({ title: 'to share' });
      const first = await as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: 86_400n });
      expect(first.url).toMatch(new RegExp(`^${server.baseUrl}/s/[A-Za-z0-9_-]{20,}$`));
      expect(first.visibility).toBe(Visibility.SHARED);
      const expiresAt = timestampDate(first.expiresAt!).getTime();
      expect(Math.abs(expiresAt - (Date.now() + 86_400_000))).toBeLessThan(10_000);

      const kept = await as(owner).shareVideo({ videoId: video.id });
      expect(kept.url).toBe(first.url);
      expect(timestampDate(kept.expiresAt!).getTime()).toBe(expiresAt); // unset keeps the expiry
      const never = await as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: 0n });
      expect(never.url).toBe(first.url);
      expect(never.expiresAt).toBeUndefined();
    });

    it('keep_visibility mints the link and leaves a PRIVATE video PRIVATE; ListShareLinks reads it without changing anything', async () => {
      const video = await as(owner).createVideo({ title: 'kept private', visibility: Visibility.PRIVATE });
      const links = serviceClient(ShareLinkService, server.baseUrl, { token: owner.idToken });
      expect((await links.listShareLinks({ videoId: video.id })).links).toEqual([]);

      const kept = await as(owner).shareVideo({ videoId: video.id, keepVisibility: true, expireAfterSeconds: 3_600n });
      expect(kept.visibility).toBe(Visibility.PRIVATE);
      expect((await as(owner).getVideo({ videoId: video.id })).visibility).toBe(Visibility.PRIVATE);
      // The link exists but does not open while the video is private.
      await expect(
        withLink(shareTokenOf(kept.url)).getSharedVideo({ shareToken: shareTokenOf(kept.url) }),
      ).rejects.toThrow();

      const [main] = (await links.listShareLinks({ videoId: video.id })).links;
      expect(main).toMatchObject({ id: 'main', url: kept.url });
      expect(timestampDate(main!.expiresAt!).getTime()).toBe(timestampDate(kept.expiresAt!).getTime());
      expect((await as(owner).getVideo({ videoId: video.id })).visibility).toBe(Visibility.PRIVATE);

      // Without it, ShareVideo still means a link that works: the same link, now SHARED.
      const shared = await as(owner).shareVideo({ videoId: video.id });
      expect(shared).toMatchObject({ url: kept.url, visibility: Visibility.SHARED });
    });

    it('Reset link: the old token dies at once on every path, the new one works', async () => {
      const video = await processedVideo();
      const old = shareTokenOf((await as(owner).shareVideo({ videoId: video.id })).url);
      const renewed = await as(owner).shareVideo({ videoId: video.id, newLink: true });
      const fresh = shareTokenOf(renewed.url);
      expect(fresh).not.toBe(old);

      expect(await codeOf(as(undefined).getSharedVideo({ shareToken: old }))).toBe(Code.NotFound);
      expect(await codeOf(withLink(old).getVideo({ videoId: video.id }))).toBe(Code.Unauthenticated);
      expect(await codeOf(as(other, { 'x-share-token': old }).getVideo({ videoId: video.id }))).toBe(Code.NotFound);
      expect(await status(`/api/videoservice/video/${video.id}?share=${old}`)).toBe(401);
      expect(await status(`/api/videoservice/thumbnail/${video.id}?share=${old}`)).toBe(401);
      expect(await status(`/s/${old}`)).toBe(404);

      expect((await as(undefined).getSharedVideo({ shareToken: fresh })).id).toBe(video.id);
      expect(await status(`/api/videoservice/video/${video.id}?share=${fresh}`)).toBe(200);
      expect(await status(`/api/videoservice/thumbnail/${video.id}?share=${fresh}`)).toBe(200);
    });

    it('PRIVATE kills the link everywhere; sharing again brings it back as SHARED', async () => {
      const video = await processedVideo();
      const token = shareTokenOf((await as(owner).shareVideo({ videoId: video.id })).url);
      await as(owner).updateVideo({ videoId: video.id, title: video.title, visibility: Visibility.PRIVATE });
      expect(await codeOf(as(other).getSharedVideo({ shareToken: token }))).toBe(Code.NotFound);
      expect(await codeOf(withLink(token).getVideo({ videoId: video.id }))).toBe(Code.Unauthenticated);
      expect(await status(`/api/videoservice/video/${video.id}?share=${token}`)).toBe(401);
      expect(await status(`/api/videoservice/thumbnail/${video.id}?share=${token}`)).toBe(401);
      expect(await codeOf(withLink(token).recordView({ videoId: video.id, viewerId: 'browser-1' }))).toBe(
        Code.Unauthenticated,
      );

      const again = await as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: 86_400n });
      expect(again.visibility).toBe(Visibility.SHARED);
      expect((await as(undefined).getSharedVideo({ shareToken: shareTokenOf(again.url) })).title).toBe(video.title);
    });

    it('PRIVATE, Reset link and an earlier expiry revoke the signed URLs already handed out, at once', async () => {
      const video = await processedVideo();
      /** The signed stream and thumbnail URLs a link's viewer holds now. */
      const handedOut = async () => {
        const token = shareTokenOf((await as(owner).shareVideo({ videoId: video.id })).url);
        const seen = await withLink(token).getVideo({ videoId: video.id });
        expect(await status(seen.url)).toBe(200);
        expect(await status(seen.thumbnailUrl)).toBe(200);
        return [seen.url, seen.thumbnailUrl];
      };
      const expectRevoked = async (urls: string[], why: string) => {
        // Gone, as a deleted video's would be (not 401: a revoked URL is no failed sign-in).
        for (const url of urls) expect(await status(url), `${why}: ${url}`).toBe(404);
        // The owner's own fresh URLs work.
        const mine = await as(owner).getVideo({ videoId: video.id });
        expect(await status(mine.url), why).toBe(200);
      };

      const beforePrivate = await handedOut();
      await as(owner).updateVideo({ videoId: video.id, title: video.title, visibility: Visibility.PRIVATE });
      await expectRevoked(beforePrivate, 'made private');

      const beforeReset = await handedOut(); // sharing again makes it SHARED
      expect(beforeReset[0]).not.toBe(beforePrivate[0]);
      await as(owner).shareVideo({ videoId: video.id, newLink: true });
      await expectRevoked(beforeReset, 'link reset');

      const beforeExpiry = await handedOut();
      await as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: 60n });
      await expectRevoked(beforeExpiry, 'link shortened');

      // Widening changes nothing: SHARED → PUBLIC keeps the URLs a viewer holds.
      const beforePublic = await handedOut();
      await as(owner).updateVideo({ videoId: video.id, title: video.title, visibility: Visibility.PUBLIC });
      for (const url of beforePublic) expect(await status(url)).toBe(200);
      // PUBLIC → SHARED takes anonymous viewers away: a public viewer's URLs stop.
      const publicViewer = await as(undefined).getVideo({ videoId: video.id });
      expect(await status(publicViewer.url)).toBe(200);
      await as(owner).updateVideo({ videoId: video.id, title: video.title, visibility: Visibility.SHARED });
      await expectRevoked([publicViewer.url, publicViewer.thumbnailUrl], 'public to shared');
    });

    it('an expired link opens nothing: GetSharedVideo, GetVideo with the token, the stream, the thumbnail', async () => {
      const video = await processedVideo();
      const token = shareTokenOf((await as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: 3600n })).url);
      expect((await withLink(token).getVideo({ videoId: video.id })).id).toBe(video.id);
      await expireLink(video.id);
      expect(await codeOf(as(undefined).getSharedVideo({ shareToken: token }))).toBe(Code.NotFound);
      expect(await codeOf(as(other).getSharedVideo({ shareToken: token }))).toBe(Code.NotFound);
      expect(await codeOf(withLink(token).getVideo({ videoId: video.id }))).toBe(Code.Unauthenticated);
      expect(await codeOf(as(other, { 'x-share-token': token }).getVideo({ videoId: video.id }))).toBe(Code.NotFound);
      expect(await status(`/api/videoservice/video/${video.id}?share=${token}`)).toBe(401);
      expect(await status(`/api/videoservice/thumbnail/${video.id}?share=${token}`)).toBe(401);
      // The owner still reads it, and sharing again with a new expiry revives it.
      expect((await as(owner).getVideo({ videoId: video.id })).id).toBe(video.id);
      await as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: 3600n });
      expect((await as(undefined).getSharedVideo({ shareToken: token })).id).toBe(video.id);
    });

    it('the signed URLs a link viewer gets expire with the link (a 2 s link)', async () => {
      const video = await processedVideo();
      const shared = await as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: 2n });
      const linkEnds = Math.floor(timestampDate(shared.expiresAt!).getTime() / 1000);
      const seen = await as(undefined).getSharedVideo({ shareToken: shareTokenOf(shared.url) });
      for (const url of [seen.url, seen.thumbnailUrl]) {
        expect(Number(new URL(url, server.baseUrl).searchParams.get('expires'))).toBe(linkEnds);
        expect(await status(url)).toBe(200);
      }
      // The owner's own URLs are not bound to the link.
      const own = await as(owner).getVideo({ videoId: video.id });
      expect(Number(new URL(own.url, server.baseUrl).searchParams.get('expires'))).toBeGreaterThan(linkEnds + 60);

      await new Promise((resolve) => setTimeout(resolve, Math.max(0, linkEnds * 1000 + 1100 - Date.now())));
      for (const url of [seen.url, seen.thumbnailUrl]) expect(await status(url)).toBe(401);
      expect(await codeOf(as(undefined).getSharedVideo({ shareToken: shareTokenOf(shared.url) }))).toBe(Code.NotFound);
    });

    it('is the owner’s alone, needs sign-in, and refuses bad input changing nothing', async () => {
      const video = await as(owner).createVideo({ title: 'mine' });
      expect(await codeOf(as(other).shareVideo({ videoId: video.id }))).toBe(Code.NotFound);
      expect(await codeOf(as(undefined).shareVideo({ videoId: video.id }))).toBe(Code.Unauthenticated);
      const bad: [() => Promise<unknown>, RegExp][] = [
        [() => as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: -1n }), /expire_after_seconds/],
        [() => as(owner).shareVideo({ videoId: video.id, expireAfterSeconds: 10n ** 12n }), /expire_after_seconds/],
        [() => as(owner).shareVideo({ videoId: '', newLink: true }), /video_id/],
      ];
      for (const [call, message] of bad) {
        const error = await call().catch((e: unknown) => e);
        expect((error as ConnectError).code).toBe(Code.InvalidArgument);
        expect((error as ConnectError).rawMessage).toMatch(message);
      }
      const after = await as(owner).getVideo({ videoId: video.id });
      expect(after.visibility).toBe(Visibility.PRIVATE);
    });
  });

  describe('GetSharedVideo', () => {
    it('answers the video with its owner’s display name (never the email) to anyone holding the link', async () => {
      const video = await as(owner).createVideo({ title: 'Shared by name', description: 'words' });
      const token = shareTokenOf((await as(owner).shareVideo({ videoId: video.id })).url);
      for (const caller of [undefined, other, owner]) {
        const seen = await as(caller).getSharedVideo({ shareToken: token });
        expect(seen).toMatchObject({ id: video.id, title: 'Shared by name', ownerName: 'Ada Owner', viewCount: 0n });
        expect(
          JSON.stringify(seen, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
        ).not.toContain(owner.email);
      }
    });

    it('not_found for an unknown token; invalid_argument for an empty or oversized one; unauthenticated with a bad ID token', async () => {
      expect(await codeOf(as(undefined).getSharedVideo({ shareToken: 'no-such-link-at-all-here' }))).toBe(
        Code.NotFound,
      );
      expect(await codeOf(as(undefined).getSharedVideo({ shareToken: 'not a token!' }))).toBe(Code.NotFound);
      expect(await codeOf(as(undefined).getSharedVideo({ shareToken: '' }))).toBe(Code.InvalidArgument);
      expect(await codeOf(as(undefined).getSharedVideo({ shareToken: 'x'.repeat(129) }))).toBe(Code.InvalidArgument);
      const expired = videoClient(server.baseUrl, { headers: { authorization: `Bearer ${expiredToken(owner.uid)}` } });
      expect(await codeOf(expired.getSharedVideo({ shareToken: 'anything' }))).toBe(Code.Unauthenticated);
    });

    it('a PUBLIC video’s link works; the link of one video opens no other', async () => {
      const [a, b] = await Promise.all([as(owner).createVideo({ title: 'a' }), as(owner).createVideo({ title: 'b' })]);
      const token = shareTokenOf((await as(owner).shareVideo({ videoId: a.id })).url);
      await as(owner).updateVideo({ videoId: a.id, title: 'a', visibility: Visibility.PUBLIC });
      expect((await as(undefined).getSharedVideo({ shareToken: token })).id).toBe(a.id);
      await as(owner).shareVideo({ videoId: b.id });
      expect(await codeOf(withLink(token).getVideo({ videoId: b.id }))).toBe(Code.Unauthenticated);
      expect(await codeOf(as(other, { 'x-share-token': token }).getVideo({ videoId: b.id }))).toBe(Code.NotFound);
    });
  });

  describe('RecordView', () => {
    it('counts a viewer once per hour, never the owner; the count shows on every Video message', async () => {
      const video = await as(owner).createVideo({ title: 'watched' });
      const token = shareTokenOf((await as(owner).shareVideo({ videoId: video.id })).url);
      expect((await as(owner).recordView({ videoId: video.id })).viewCount).toBe(0n);
      expect((await as(owner).recordView({ videoId: video.id, viewerId: 'owner-browser' })).viewCount).toBe(0n);
      expect((await withLink(token).recordView({ videoId: video.id, viewerId: 'browser-a' })).viewCount).toBe(1n);
      expect((await withLink(token).recordView({ videoId: video.id, viewerId: 'browser-a' })).viewCount).toBe(1n);
      expect((await withLink(token).recordView({ videoId: video.id, viewerId: 'browser-b' })).viewCount).toBe(2n);
      // Signed in, the viewer is the uid, whatever browser id comes along.
      const signedIn = as(other, { 'x-share-token': token });
      expect((await signedIn.recordView({ videoId: video.id, viewerId: 'c1' })).viewCount).toBe(3n);
      expect((await signedIn.recordView({ videoId: video.id, viewerId: 'c2' })).viewCount).toBe(3n);
      expect((await signedIn.recordView({ videoId: video.id })).viewCount).toBe(3n);

      expect((await as(owner).getVideo({ videoId: video.id })).viewCount).toBe(3n);
      expect((await as(undefined).getSharedVideo({ shareToken: token })).viewCount).toBe(3n);
      const listed = (await as(owner).listVideos({ pageSize: 100 })).videos.find((v) => v.id === video.id);
      expect(listed?.viewCount).toBe(3n);

      // The next hour is a new view.
      await sql`update video_views set hour = hour - interval '1 hour' where video_id = ${video.id}`.execute(
        server.database.db,
      );
      expect((await withLink(token).recordView({ videoId: video.id, viewerId: 'browser-a' })).viewCount).toBe(4n);
    });

    it('ten concurrent plays of one viewer count once', async () => {
      const video = await as(owner).createVideo({ title: 'concurrent', visibility: Visibility.PUBLIC });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => as(undefined).recordView({ videoId: video.id, viewerId: 'same-browser' })),
      );
      expect(answers.map((answer) => answer.viewCount).every((count) => count === 1n)).toBe(true);
      expect((await as(owner).getVideo({ videoId: video.id })).viewCount).toBe(1n);
    });

    it(`counts at most ${MAX_ANONYMOUS_VIEWS_PER_ADDRESS} signed-out views per client address, video and hour, however many viewer ids`, async () => {
      const video = await as(owner).createVideo({ title: 'fresh ids', visibility: Visibility.PUBLIC });
      const from = (address: string) => as(undefined, { 'x-forwarded-for': address });
      // 50 calls with fresh viewer ids from one address, at once: the report counted 50 views.
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          from('203.0.113.7').recordView({ videoId: video.id, viewerId: `fresh-${i}` }),
        ),
      );
      expect((await as(owner).getVideo({ videoId: video.id })).viewCount).toBe(BigInt(MAX_ANONYMOUS_VIEWS_PER_ADDRESS));
      const bound = BigInt(MAX_ANONYMOUS_VIEWS_PER_ADDRESS);
      expect((await from('203.0.113.7').recordView({ videoId: video.id, viewerId: 'one-more' })).viewCount).toBe(bound);
      // Another address, a signed-in viewer (from the same address) and another video still count.
      expect((await from('198.51.100.1').recordView({ videoId: video.id, viewerId: 'elsewhere' })).viewCount).toBe(
        bound + 1n,
      );
      expect((await as(other, { 'x-forwarded-for': '203.0.113.7' }).recordView({ videoId: video.id })).viewCount).toBe(
        bound + 2n,
      );
      const second = await as(owner).createVideo({ title: 'another', visibility: Visibility.PUBLIC });
      expect((await from('203.0.113.7').recordView({ videoId: second.id, viewerId: 'fresh-0' })).viewCount).toBe(1n);
      // The next hour, the address counts again.
      await sql`update video_views set hour = hour - interval '1 hour' where video_id = ${video.id}`.execute(
        server.database.db,
      );
      expect((await from('203.0.113.7').recordView({ videoId: video.id, viewerId: 'next-hour' })).viewCount).toBe(
        bound + 3n,
      );
    });

    it('follows who may read the video, and refuses a bad viewer id changing nothing', async () => {
      const video = await as(owner).createVideo({ title: 'private' });
      expect(await codeOf(as(undefined).recordView({ videoId: video.id, viewerId: 'v1' }))).toBe(Code.Unauthenticated);
      expect(await codeOf(as(other).recordView({ videoId: video.id }))).toBe(Code.NotFound);
      expect(await codeOf(as(other).recordView({ videoId: 'no-such-video' }))).toBe(Code.NotFound);
      expect(await codeOf(withLink('wrong').recordView({ videoId: video.id, viewerId: 'v1' }))).toBe(
        Code.Unauthenticated,
      );
      const expired = videoClient(server.baseUrl, { headers: { authorization: `Bearer ${expiredToken(other.uid)}` } });
      expect(await codeOf(expired.recordView({ videoId: video.id, viewerId: 'v1' }))).toBe(Code.Unauthenticated);

      await as(owner).updateVideo({ videoId: video.id, title: 'public', visibility: Visibility.PUBLIC });
      for (const viewerId of ['', 'has space', 'x'.repeat(65), 'ünïcode', 'a/b']) {
        const error = await as(undefined)
          .recordView({ videoId: video.id, viewerId })
          .catch((e: unknown) => e);
        expect((error as ConnectError).code, viewerId).toBe(Code.InvalidArgument);
        expect((error as ConnectError).rawMessage).toMatch(/viewer_id/);
      }
      expect(await codeOf(as(other).recordView({ videoId: '', viewerId: 'v1' }))).toBe(Code.InvalidArgument);
      expect(await codeOf(as(other).recordView({ videoId: video.id, viewerId: 'bad id' }))).toBe(Code.InvalidArgument);
      expect((await as(owner).getVideo({ videoId: video.id })).viewCount).toBe(0n);
    });
  });

  describe('download', () => {
    it('download=1 answers an attachment named after the title, non-ASCII titles encoded', async () => {
      const video = await processedVideo();
      await as(owner).updateVideo({ videoId: video.id, title: 'Démo "q3"/final', visibility: Visibility.PRIVATE });
      const own = await as(owner).getVideo({ videoId: video.id });
      const response = await fetch(new URL(`${own.url}&download=1`, server.baseUrl));
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="D_mo _q3__final.webm"; filename*=UTF-8''D%C3%A9mo%20_q3__final.webm`,
      );
      const plain = await fetch(new URL(own.url, server.baseUrl));
      await plain.arrayBuffer();
      expect(plain.headers.get('content-disposition')).toBeNull();
      // Downloading follows the same access rules as playing.
      expect(await status(`/api/videoservice/video/${video.id}?download=1`)).toBe(401);
    });
  });
});
