// Every READY video gets an MP4 rendition (H.264 yuv420p + AAC, moov before mdat) made by
// a job after READY, served like the stream (signed URLs, access rules), named by the watch page's
// og:video, remade after an edit, deleted with the video.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RenditionState, Visibility, type Video } from '@stream/proto';
import { sql } from 'kysely';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKFILL_WAITING_JOBS } from '../../src/platform/processing/rendition-backfill';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { editClient } from '../support/edit-client';
import { videoClient } from '../support/clients';
import { ffprobe, topLevelBoxes } from '../support/mp4-boxes';
import { shareTokenOf } from '../support/share';
import { startTestServer, type TestServer } from '../support/test-server';
import { until, untilProcessed } from '../support/until';
import { saveServed, uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let recording: string;

const client = () => videoClient(server.baseUrl, { token: owner.idToken });
const untilMp4 = (id: string, not?: string) =>
  until(
    'the MP4 rendition',
    async () => {
      const video = await client().getVideo({ videoId: id });
      return video.mp4Url && video.mp4Url !== not ? video : undefined;
    },
    120_000,
  );

const download = async (url: string, name: string) =>
  (await saveServed(server.baseUrl, url, join(server.dataDir, name))).path;

beforeAll(async () => {
  const [started, path] = await Promise.all([startAuthEmulator(), makeWebm({ seconds: 10, live: true })]);
  emulator = started;
  recording = path;
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host, env: { WORKER: 'true' } });
  owner = await newTestUser(emulator.host);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('the MP4 rendition', () => {
  let video: Video;
  let mp4: string;

  it('of a 10 s WebM upload is H.264 + AAC, moov before mdat, as long as the video, and og:video names it', async () => {
    const answer = await uploadVideo(server.baseUrl, readFileSync(recording), { token: owner.idToken });
    expect(answer.status).toBe(201);
    const id = answer.json.video!.id;
    const ready = await untilProcessed(client(), id, () => '(the server runs in this process: see the test output)');
    expect(ready.mp4Url).toBe(''); // the WebM plays while the MP4 is made
    video = await untilMp4(id);
    expect(video.mp4State).toBe(RenditionState.READY);
    expect([video.hlsUrl, video.hlsRungs]).toEqual(['', []]); // 320×240: no lower rung, no HLS
    expect(video.mp4Url).toMatch(new RegExp(`^/api/videoservice/mp4/${id}\\?expires=\\d+&signature=`));

    mp4 = await download(video.mp4Url, 'rendition.mp4');
    const probed = await ffprobe(mp4);
    expect(probed.formatName).toContain('mp4');
    expect(probed.streams).toEqual([
      { type: 'video', codec: 'h264', pixFmt: 'yuv420p' },
      { type: 'audio', codec: 'aac', pixFmt: undefined },
    ]);
    const boxes = await topLevelBoxes(mp4);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(Math.abs(probed.durationSeconds - video.durationSeconds)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(video.durationSeconds - 10)).toBeLessThanOrEqual(0.1);

    // The watch page of its share link names the MP4 as og:video, for link previews to play inline.
    await client().updateVideo({ videoId: id, visibility: Visibility.SHARED });
    const token = shareTokenOf((await client().shareVideo({ videoId: id })).url);
    const html = await (await fetch(`${server.baseUrl}/s/${token}`)).text();
    const ogVideo = /<meta property="og:video" content="([^"]+)">/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(ogVideo).toMatch(new RegExp(`^${server.baseUrl}/api/videoservice/mp4/${id}\\?expires=\\d+&signature=`));
    expect(html).toContain('<meta property="og:video:type" content="video/mp4">');
    // An unfurler fetches it signed out, by ranges, as the same bytes.
    const head = await fetch(ogVideo!, { headers: { range: 'bytes=0-15' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await head.arrayBuffer())).toEqual(readFileSync(mp4).subarray(0, 16));
  }, 180_000);

  it('is served past the access rules only: no signature, no bytes; a download is named .mp4', async () => {
    const unsigned = await fetch(`${server.baseUrl}/api/videoservice/mp4/${video.id}`);
    expect(unsigned.status).toBe(401);
    await unsigned.arrayBuffer();
    const forged = await fetch(new URL(video.mp4Url.replace(/signature=[^&]+/, 'signature=AAAA'), server.baseUrl));
    expect([401, 404]).toContain(forged.status);
    await forged.arrayBuffer();
    const attachment = await fetch(new URL(`${video.mp4Url}&download=1`, server.baseUrl), { method: 'HEAD' });
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.mp4"/);
  });

  it('is made again after an edit, of the edited version; the old one is gone', async () => {
    const before = await server.listBlobs();
    const old = before.filter((key) => key.includes('/mp4-'));
    expect(old).toHaveLength(1);
    await editClient(server.baseUrl, owner.idToken).saveEdits({
      videoId: video.id,
      keptRanges: [{ startSeconds: 0, endSeconds: 4 }],
    });
    const edited = await untilMp4(video.id, video.mp4Url);
    expect(Math.abs(edited.durationSeconds - 4)).toBeLessThan(0.5);
    const probed = await ffprobe(await download(edited.mp4Url, 'edited.mp4'));
    expect(Math.abs(probed.durationSeconds - edited.durationSeconds)).toBeLessThanOrEqual(0.1);
    expect(await server.listBlobs()).not.toContain(old[0]);
  }, 180_000);

  it('goes with the video', async () => {
    await client().deleteVideo({ videoId: video.id });
    expect((await server.listBlobs()).filter((key) => key.includes(video.id))).toEqual([]);
  });
});

describe('videos from before renditions', () => {
  it('get their MP4 from the worker’s backfill, through the queue, a few jobs waiting at a time', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const path = await makeWebm({ seconds: 2, dir: server.dataDir, name: `older-${n}.webm` });
        const answer = await uploadVideo(server.baseUrl, readFileSync(path), { token: owner.idToken });
        expect(answer.status).toBe(201);
        return answer.json.video!.id;
      }),
    );
    for (const id of ids) await untilMp4(id);
    // As a READY video made before renditions existed: no MP4, no HLS, no job to make one.
    const { db } = server.database;
    await db.deleteFrom('media_assets').where('video_id', 'in', ids).where('kind', 'in', ['mp4', 'hls']).execute();
    await db.updateTable('videos').set({ mp4_state: 'NONE', hls_rungs: null }).where('id', 'in', ids).execute();
    expect((await client().getVideo({ videoId: ids[0] })).mp4Url).toBe('');

    let mostWaiting = 0;
    const watch = setInterval(() => {
      void sql<{ waiting: number }>`select count(*)::int as waiting from pgboss.job
        where name = 'video-mp4' and state < 'completed'`
        .execute(db)
        .then(({ rows }) => (mostWaiting = Math.max(mostWaiting, rows[0]?.waiting ?? 0)));
    }, 100);
    try {
      for (const id of ids) expect((await untilMp4(id)).mp4State).toBe(RenditionState.READY);
    } finally {
      clearInterval(watch);
    }
    expect(mostWaiting).toBeGreaterThan(0);
    expect(mostWaiting).toBeLessThanOrEqual(BACKFILL_WAITING_JOBS);
  }, 300_000);
});
