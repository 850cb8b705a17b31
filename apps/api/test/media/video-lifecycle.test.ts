// The whole lifecycle with the worker in the API process: upload → PROCESSING → READY (remuxed,
// with duration, cues and a thumbnail) or FAILED, against PGlite and PostgreSQL.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Status, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { setups, startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';
import { shareTokenOf } from '../support/share';

const CUES_ID = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);

let emulator: AuthEmulator;
let webm: Buffer;
let workDir: string;
beforeAll(async () => {
  const [started, path] = await Promise.all([startAuthEmulator(), makeWebm({ seconds: 3, live: true })]);
  emulator = started;
  webm = readFileSync(path);
  expect(webm.includes(CUES_ID)).toBe(false); // like MediaRecorder's: no cues, no duration
  workDir = join(path, '..');
}, 120_000);
afterAll(() => emulator?.stop());

describe.each(setups)('the video lifecycle on $database with $storage storage', ({ database, storage }) => {
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ database, storage, emulatorHost: emulator.host, env: { WORKER: 'true' } });
    owner = await newTestUser(emulator.host);
  }, 120_000);
  afterAll(() => server?.close());

  async function settled(id: string): Promise<Video> {
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const video = await client.getVideo({ videoId: id });
      if (video.status !== Status.PROCESSING) return video;
      if (Date.now() > deadline) throw new Error(`video ${id} still PROCESSING after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('processes a recording without cues to READY: remuxed with duration and cues, a thumbnail, streamed back by ranges', async () => {
    const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    expect(answer.status).toBe(201);
    const id = answer.json.video!.id;

    const video = await settled(id);
    expect(video.status).toBe(Status.READY);
    expect(video.failureReason).toBe('');
    expect(video.durationSeconds).toBeGreaterThan(2.5);
    expect(video.durationSeconds).toBeLessThan(3.5);
    expect(video.thumbnailUrl).toMatch(new RegExp(`^/api/videoservice/thumbnail/${id}\\?expires=`));

    const whole = await fetch(`${server.baseUrl}/api/videoservice/video/${id}`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    const stored = Buffer.from(await whole.arrayBuffer());
    expect(video.sizeBytes).toBe(BigInt(stored.length));
    expect(stored.includes(CUES_ID)).toBe(true);

    // Play it as a <video> would: the signed url, no header, by ranges.
    const parts: Buffer[] = [];
    for (let start = 0; start < stored.length; start += 25_000) {
      const end = Math.min(start + 25_000, stored.length) - 1;
      const response = await fetch(`${server.baseUrl}${video.url}`, { headers: { range: `bytes=${start}-${end}` } });
      expect(response.status).toBe(206);
      parts.push(Buffer.from(await response.arrayBuffer()));
    }
    const streamed = Buffer.concat(parts);
    expect(streamed.equals(stored)).toBe(true);
    const played = join(workDir, `played-${database}-${storage}.webm`);
    writeFileSync(played, streamed);
    const duration = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', played],
      {
        encoding: 'utf8',
      },
    );
    expect(Number(duration)).toBeCloseTo(video.durationSeconds, 1);

    const thumbnail = await fetch(`${server.baseUrl}${video.thumbnailUrl}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await thumbnail.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // The thumbnail follows the video's access rules.
    const thumbnailPath = `${server.baseUrl}/api/videoservice/thumbnail/${id}`;
    const status = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      return response.status;
    };
    const stranger = await newTestUser(emulator.host);
    expect(await status(thumbnailPath, { authorization: `Bearer ${owner.idToken}` })).toBe(200);
    expect(await status(thumbnailPath, { authorization: `Bearer ${stranger.idToken}` })).toBe(404);
    expect(await status(thumbnailPath)).toBe(401);
    const { url: shareUrl } = await videoClient(server.baseUrl, { token: owner.idToken }).shareVideo({ videoId: id });
    const share = shareTokenOf(shareUrl);
    expect(await status(`${thumbnailPath}?share=${share}`, { authorization: `Bearer ${stranger.idToken}` })).toBe(200);
    expect(await status(`${thumbnailPath}?share=${share}`)).toBe(200);
  });

  it('a signed URL handed out at upload keeps playing once processing has replaced the file', async () => {
    const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    const signed = `${server.baseUrl}${answer.json.video!.url}`;
    const early = await fetch(signed, { headers: { range: 'bytes=0-99' } });
    expect(early.status).toBe(206);
    await early.arrayBuffer();

    const video = await settled(answer.json.video!.id);
    expect(video.status).toBe(Status.READY);
    const later = await fetch(signed);
    expect(later.status).toBe(200);
    const body = Buffer.from(await later.arrayBuffer());
    expect(BigInt(body.length)).toBe(video.sizeBytes);
    expect(body.includes(CUES_ID)).toBe(true); // the remuxed file, not the upload
  });

  it('marks a WebM that is not a playable video FAILED with a reason', async () => {
    const broken = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4096, 7)]);
    const answer = await uploadVideo(server.baseUrl, broken, { token: owner.idToken });
    expect(answer.status).toBe(201);
    const video = await settled(answer.json.video!.id);
    expect(video.status).toBe(Status.FAILED);
    expect(video.failureReason).not.toBe('');
  });

  it('deleting a processed video removes its video, thumbnail and storyboard blobs', async () => {
    const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    const id = answer.json.video!.id;
    expect((await settled(id)).status).toBe(Status.READY);
    const blobs = async () => (await server.listBlobs()).filter((key) => key.includes(id));
    // The remux took the upload's place; each version has a key of its own, never reused. The
    // upload's blob goes just after the switch to READY commits (write, switch, then delete), so
    // a caller that sees READY may still list it for a moment; the storyboard follows READY, and
    // the MP4 rendition is a job of its own after READY.
    await vi.waitFor(
      async () =>
        expect(await blobs()).toEqual([
          expect.stringMatching(new RegExp(`^videos/${id}/mp4-[\\w-]+\\.mp4$`)),
          expect.stringMatching(new RegExp(`^videos/${id}/playable-[\\w-]+\\.webm$`)),
          expect.stringMatching(new RegExp(`^videos/${id}/storyboard-[\\w-]+\\.jpg$`)),
          expect.stringMatching(new RegExp(`^videos/${id}/thumbnail-[\\w-]+\\.jpg$`)),
        ]),
      { timeout: 60_000, interval: 50 },
    );
    await videoClient(server.baseUrl, { token: owner.idToken }).deleteVideo({ videoId: id });
    expect(await blobs()).toEqual([]);
  }, 90_000);
});
