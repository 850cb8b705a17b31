// A recording above 720p gets lower rungs and an HLS presentation (fMP4 segments,
// a master playlist naming each rung's BANDWIDTH, RESOLUTION and CODECS), made by the rendition job
// with the MP4, served only past the stream's access rules, deleted with the video.
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { makeTestClip } from '@stream/video-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { editClient } from '../support/edit-client';
import { ffprobe, topLevelBoxes } from '../support/mp4-boxes';
import { startTestServer, type TestServer } from '../support/test-server';
import { until, untilProcessed } from '../support/until';
import { scratchDir } from '../support/scratch';
import { uploadVideo } from '../support/upload';

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let recording: string;

const client = () => videoClient(server.baseUrl, { token: owner.idToken });
const get = (url: string, headers: Record<string, string> = {}) => fetch(new URL(url, server.baseUrl), { headers });

/** The URI lines and `URI="…"` attributes of a playlist: every address a player asks for. */
const addressesIn = (playlist: string) => [
  ...playlist.split('\n').filter((line) => line && !line.startsWith('#')),
  ...[...playlist.matchAll(/URI="([^"]+)"/g)].map((match) => match[1]!),
];

beforeAll(async () => {
  recording = join(scratchDir('hls'), 'recording-1080p.webm');
  // A 1080p, 6 s recording as MediaRecorder writes it (no duration, no cues), made while the emulator starts.
  const [started] = await Promise.all([
    startAuthEmulator(),
    makeTestClip(recording, {
      seconds: 6,
      video: { size: '1920x1080', rate: 15, bitrate: '1M', realtime: true },
      live: true,
    }),
  ]);
  emulator = started;
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host, env: { WORKER: 'true' } });
  owner = await newTestUser(emulator.host);
}, 600_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('the HLS presentation of a 1080p recording', () => {
  let video: Video;

  it('lists 1080p, 720p and 480p rungs; its playlists parse and name fMP4 segments, all signed', async () => {
    const answer = await uploadVideo(server.baseUrl, await readFile(recording), { token: owner.idToken });
    expect(answer.status).toBe(201);
    const id = answer.json.video!.id;
    const ready = await untilProcessed(client(), id, () => '(the server runs in this process: see the test output)');
    expect(ready.hlsUrl).toBe(''); // the WebM plays while the renditions are made
    video = await until(
      'the HLS presentation',
      async () => {
        const current = await client().getVideo({ videoId: id });
        return current.hlsUrl ? current : undefined;
      },
      300_000,
    );
    expect(video.mp4Url).not.toBe('');
    expect(video.hlsUrl).toMatch(new RegExp(`^/api/videoservice/hls/${id}/master\\.m3u8\\?expires=\\d+&signature=`));
    expect(video.hlsRungs.map((rung) => [rung.width, rung.height])).toEqual([
      [1920, 1080],
      [1280, 720],
      [854, 480],
    ]);

    const master = await get(video.hlsUrl);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    const masterText = await master.text();
    const variants = [...masterText.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)];
    expect(variants.map((variant) => /RESOLUTION=(\d+x\d+)/.exec(variant[1]!)?.[1])).toEqual([
      '1920x1080',
      '1280x720',
      '854x480',
    ]);
    const bandwidths = variants.map((variant) => Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(variant[1]!)?.[1]));
    expect(bandwidths.every((bandwidth) => bandwidth > 0)).toBe(true);
    expect(bandwidths[1]).toBeLessThan(bandwidths[0]!);
    expect(bandwidths[2]).toBeLessThan(bandwidths[1]!);
    for (const variant of variants) expect(variant[1]).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    expect(video.hlsRungs.map((rung) => rung.bandwidth)).toEqual(bandwidths);

    const signature = new URL(video.hlsUrl, server.baseUrl).search;
    for (const [index, variant] of variants.entries()) {
      // Relative to the master, with its signature; the same address the Video message gives the rung.
      expect(variant[2]).toBe(`${index}.m3u8${signature}`);
      const playlistUrl = new URL(variant[2]!, new URL(video.hlsUrl, server.baseUrl));
      expect(playlistUrl.pathname + playlistUrl.search).toBe(video.hlsRungs[index]!.playlistUrl);
      const playlist = await (await get(playlistUrl.href)).text();
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      for (const address of addressesIn(playlist)) expect(address).toBe(`${index}.mp4${signature}`);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
      expect(Math.abs(durations.reduce((sum, seconds) => sum + seconds, 0) - 6)).toBeLessThan(0.2);
      // A key frame every 4 s in every rung, the copied top one too: 4 s segments, then the rest.
      expect(durations.map((seconds) => Math.round(seconds))).toEqual([4, 2]);

      // The init segment (EXT-X-MAP) and the first media segment, by the byte ranges the playlist names.
      const mediaUrl = new URL(`${index}.mp4${signature}`, playlistUrl);
      const [, initLength] = /#EXT-X-MAP:URI="[^"]+",BYTERANGE="(\d+)@0"/.exec(playlist)!;
      const [, segmentLength, segmentStart] = /#EXT-X-BYTERANGE:(\d+)@(\d+)/.exec(playlist)!;
      const end = Number(segmentStart) + Number(segmentLength) - 1;
      const head = await get(mediaUrl.href, { range: `bytes=0-${end}` });
      expect(head.status).toBe(206);
      expect(head.headers.get('content-type')).toBe('video/mp4');
      const file = join(server.dataDir, `rung-${index}.mp4`);
      writeFileSync(file, Buffer.from(await head.arrayBuffer()));
      const boxes = await topLevelBoxes(file);
      expect(boxes.slice(0, 2)).toEqual(['ftyp', 'moov']); // the init segment: no media in it
      expect(Number(segmentStart)).toBe(Number(initLength));
      expect(boxes.slice(2)).toContain('moof'); // then fragments: moof + mdat
      expect(boxes.slice(2)).toContain('mdat');
      const probed = await ffprobe(file);
      expect(probed.streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    }
  }, 400_000);

  it('is served past the access rules only: no signature, a forged or another resource’s one, no bytes', async () => {
    const base = `${server.baseUrl}/api/videoservice/hls/${video.id}`;
    for (const file of ['master.m3u8', '0.m3u8', '1.mp4']) {
      const unsigned = await fetch(`${base}/${file}`);
      expect(unsigned.status).toBe(401);
      await unsigned.arrayBuffer();
      const forged = await get(
        `${base}/${file}${new URL(video.hlsUrl, server.baseUrl).search.replace(/signature=[^&]+/, 'signature=AAAA')}`,
      );
      expect([401, 404]).toContain(forged.status);
      await forged.arrayBuffer();
    }
    // The MP4's signature is not the presentation's.
    const mp4Query = new URL(video.mp4Url, server.baseUrl).search;
    const crossed = await fetch(`${base}/master.m3u8${mp4Query}`);
    expect(crossed.status).toBe(401);
    await crossed.arrayBuffer();
    const unknown = await get(video.hlsUrl.replace('master.m3u8', '7.m3u8'));
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
  });

  it('is made again after an edit, of the edited version; the old rungs are gone', async () => {
    const hlsBlobs = async () =>
      (await server.listBlobs()).filter((key) => key.includes(video.id) && key.includes('/hls'));
    const before = await hlsBlobs();
    await editClient(server.baseUrl, owner.idToken).saveEdits({
      videoId: video.id,
      keptRanges: [{ startSeconds: 0, endSeconds: 3 }],
    });
    const edited = await until(
      'the edited version’s HLS presentation',
      async () => {
        const current = await client().getVideo({ videoId: video.id });
        return current.hlsUrl && current.hlsUrl !== video.hlsUrl ? current : undefined;
      },
      300_000,
    );
    const rung = await (await get(edited.hlsRungs[1]!.playlistUrl)).text();
    const seconds = [...rung.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    expect(Math.abs(seconds - edited.durationSeconds)).toBeLessThan(0.2);
    expect(Math.abs(seconds - 3)).toBeLessThan(0.5);
    const after = await hlsBlobs();
    expect(after).toHaveLength(4);
    expect(after.filter((key) => before.includes(key))).toEqual([]);
    video = edited;
  }, 400_000);

  it('goes with the video', async () => {
    const rung =
      new URL('2.mp4', new URL(video.hlsUrl, server.baseUrl)).pathname + new URL(video.hlsUrl, server.baseUrl).search;
    expect((await server.listBlobs()).filter((key) => key.includes(video.id) && key.includes('/hls')).length).toBe(4);
    await client().deleteVideo({ videoId: video.id });
    expect((await server.listBlobs()).filter((key) => key.includes(video.id))).toEqual([]);
    const gone = await get(rung);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
  });
});
