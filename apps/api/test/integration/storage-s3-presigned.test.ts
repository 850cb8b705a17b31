// S3_PRESIGNED_READS: with S3 storage, the URLs the RPCs return are the bucket's own presigned
// GETs (s3rver here), which serve the bytes with Range support; the access rules still decide
// who gets one. Without the setting, the same server hands out its own signed paths.
import { Code, ConnectError } from '@connectrpc/connect';
import { Visibility } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';

let emulator: AuthEmulator;
let webm: Buffer;
beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(2));
}, 120_000);
afterAll(() => emulator?.stop());

describe('presigned S3 reads', () => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await startTestServer({
      database: 'pglite',
      storage: 's3',
      emulatorHost: emulator.host,
      env: { S3_PRESIGNED_READS: 'true' },
    });
    [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  }, 120_000);
  afterAll(() => server?.close());

  it('GetVideo and ListVideos hand out a presigned URL of the bucket that serves ranges', async () => {
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    expect(uploaded.status).toBe(201);
    const id = uploaded.json.video!.id;
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const video = await client.getVideo({ videoId: id });
    const url = new URL(video.url);
    expect(url.origin).toBe(server.config.S3_ENDPOINT);
    expect(url.pathname).toMatch(new RegExp(`^/videos/videos/${id}/original-`));
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(server.config.SIGNED_URL_TTL_SECONDS);

    const range = await fetch(url, { headers: { range: 'bytes=100-1099' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(webm.subarray(100, 1100))).toBe(true);
    const whole = await fetch(url);
    expect(Buffer.from(await whole.arrayBuffer()).equals(webm)).toBe(true);

    const listed = await client.listVideos({});
    expect(new URL(listed.videos.find((item) => item.id === id)!.url).origin).toBe(server.config.S3_ENDPOINT);
    expect(uploaded.json.video!.url.startsWith(server.config.S3_ENDPOINT!)).toBe(true);
  });

  it('mints no URL for a caller the access rules turn away', async () => {
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    const id = uploaded.json.video!.id;
    const error = await videoClient(server.baseUrl, { token: other.idToken })
      .getVideo({ videoId: id })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.NotFound);

    await videoClient(server.baseUrl, { token: owner.idToken }).updateVideo({
      videoId: id,
      title: 'public',
      visibility: Visibility.PUBLIC,
    });
    const seen = await videoClient(server.baseUrl, { token: other.idToken }).getVideo({ videoId: id });
    expect(new URL(seen.url).origin).toBe(server.config.S3_ENDPOINT);
  });

  it('a viewer of an expiring share link gets the server’s signed path, which ends with the link', async () => {
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    const id = uploaded.json.video!.id;
    const shared = await videoClient(server.baseUrl, { token: owner.idToken }).shareVideo({
      videoId: id,
      expireAfterSeconds: 600n,
    });
    const token = shareTokenOf(shared.url);
    const seen = await videoClient(server.baseUrl).getSharedVideo({ shareToken: token });
    expect(seen.url).toMatch(new RegExp(`^/api/videoservice/video/${id}\\?expires=\\d+&signature=`));
    expect(Number(new URL(seen.url, server.baseUrl).searchParams.get('expires'))).toBeLessThanOrEqual(
      Date.now() / 1000 + 600,
    );
    const played = await fetch(new URL(seen.url, server.baseUrl), { headers: { range: 'bytes=0-3' } });
    expect(played.status).toBe(206);
    expect(Buffer.from(await played.arrayBuffer()).equals(webm.subarray(0, 4))).toBe(true);
    // A link that never expires may use the bucket's own URL.
    await videoClient(server.baseUrl, { token: owner.idToken }).shareVideo({ videoId: id, expireAfterSeconds: 0n });
    const forever = await videoClient(server.baseUrl).getSharedVideo({ shareToken: token });
    expect(new URL(forever.url).origin).toBe(server.config.S3_ENDPOINT);
  });
});

describe('S3 without presigned reads', () => {
  it('hands out the server own signed path, as before', async () => {
    const server = await startTestServer({ database: 'pglite', storage: 's3', emulatorHost: emulator.host });
    try {
      const owner = await newTestUser(emulator.host);
      const uploaded = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
      const video = await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({
        videoId: uploaded.json.video!.id,
      });
      expect(video.url).toMatch(/^\/api\/videoservice\/video\/[^?]+\?expires=\d+&signature=/);
    } finally {
      await server.close();
    }
  }, 60_000);
});
