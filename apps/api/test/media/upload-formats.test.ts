// Any common file in. The server probes what arrived: MP4, MOV and MKV become READY with
// their length, a thumbnail and a version that plays in browsers (a remux when the codecs already
// play, else an encode that keeps the upload as the original); what is not a video is refused at
// upload with a reason, and what looks like one but is broken ends FAILED with a reason, never
// stuck PROCESSING.
import { execFile } from 'node:child_process';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EditState, Status, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { makeCameraFile } from '../support/camera-files';
import { videoClient } from '../support/clients';
import { editClient } from '../support/edit-client';
import { ffprobe, topLevelBoxes } from '../support/mp4-boxes';
import { makeMatroskaWithForeignCodec } from '../support/processing-fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import { until, untilProcessed } from '../support/until';
import { saveServed, uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';

const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('/usr/bin/ffmpeg', ['-v', 'error', '-y', ...args]);
/** How many video frames a file holds, by ffprobe's count of packets. */
async function frameCount(path: string): Promise<number> {
  const { stdout } = await run('/usr/bin/ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_packets'],
    ...['-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', path],
  ]);
  return Number.parseInt(stdout.trim(), 10);
}

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;

const client = () => videoClient(server.baseUrl, { token: owner.idToken });

/** POSTs the file at `path` to /upload as a browser's file picker would: its own name and type. */
const upload = (path: string, name: string, type: string) =>
  uploadVideo(server.baseUrl, readFileSync(path), { token: owner.idToken, name, type });

async function processed(path: string, name: string, type: string): Promise<Video> {
  const answer = await upload(path, name, type);
  expect(answer.status, answer.json.message).toBe(201);
  return untilProcessed(client(), answer.json.video!.id, () => '');
}

/** The bytes `url` serves, saved, and what ffprobe reads in them. */
async function served(url: string, name: string) {
  const saved = await saveServed(server.baseUrl, url, join(server.dataDir, name));
  return { type: saved.type, ...(await ffprobe(saved.path)) };
}

beforeAll(async () => {
  [emulator] = await Promise.all([startAuthEmulator()]);
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host, env: { WORKER: 'true' } });
  owner = await newTestUser(emulator.host);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('uploading a file that is not a recording', () => {
  it('a 10 s H.264/AAC MP4 becomes READY with its length and plays as it is (streams copied, moov first)', async () => {
    const file = await makeCameraFile(join(server.dataDir, 'phone.mp4'), { seconds: 10, format: 'mp4' });
    const video = await processed(file, 'phone.mp4', 'video/mp4');
    expect(video.status, video.failureReason).toBe(Status.READY);
    expect(Math.abs(video.durationSeconds - 10)).toBeLessThanOrEqual(0.1);
    expect(video.thumbnailUrl).not.toBe('');
    const playing = await served(video.url, 'playing.mp4');
    expect(playing.type).toBe('video/mp4');
    expect(playing.streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    expect(Math.abs(playing.durationSeconds - 10)).toBeLessThanOrEqual(0.1);
    // Its MP4 rendition follows (a copy: it is H.264/AAC already).
    const withMp4 = await until('the MP4 rendition', async () => {
      const current = await client().getVideo({ videoId: video.id });
      return current.mp4Url ? current : undefined;
    });
    expect((await served(withMp4.mp4Url, 'rendition.mp4')).streams.map((stream) => stream.codec)).toEqual([
      'h264',
      'aac',
    ]);
  }, 120_000);

  it('a 10 s MP4 upload trimmed in the editor plays as an MP4 (H.264/AAC, moov first) of the kept length', async () => {
    const file = await makeCameraFile(join(server.dataDir, 'to-trim.mp4'), { seconds: 10, format: 'mp4' });
    const video = await processed(file, 'to-trim.mp4', 'video/mp4');
    expect(video.status, video.failureReason).toBe(Status.READY);
    await editClient(server.baseUrl, owner.idToken).saveEdits({
      videoId: video.id,
      keptRanges: [{ startSeconds: 1.3, endSeconds: 7.5 }],
    });
    const applied = await until('the edit to render', async () => {
      const current = await client().getVideo({ videoId: video.id });
      return current.editState === EditState.APPLYING ? undefined : current;
    });
    expect(applied.editState, applied.editFailureReason).toBe(EditState.APPLIED);
    expect(Math.abs(applied.durationSeconds - 6.2)).toBeLessThan(1 / 25);
    const edited = await served(applied.url, 'trimmed.mp4');
    expect(edited.type).toBe('video/mp4');
    expect(edited.streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    expect(Math.abs(edited.durationSeconds - 6.2)).toBeLessThanOrEqual(0.1);
    const boxes = await topLevelBoxes(join(server.dataDir, 'trimmed.mp4'));
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  }, 120_000);

  it('a MOV with moov at the end, a WebM named .mp4, and an MP4 without sound each become READY', async () => {
    const mov = await makeCameraFile(join(server.dataDir, 'camera.mov'), { seconds: 3, format: 'mov' });
    const lying = await makeWebm({ seconds: 3, dir: server.dataDir, name: 'lying.webm' });
    const silent = await makeCameraFile(join(server.dataDir, 'silent.mp4'), {
      seconds: 3,
      format: 'mp4',
      audio: false,
      faststart: true,
    });
    const [fromMov, fromLying, fromSilent] = await Promise.all([
      processed(mov, 'IMG_0001.MOV', 'video/quicktime'),
      processed(lying, 'clip.mp4', 'video/mp4'),
      processed(silent, 'silent.mp4', 'video/mp4'),
    ]);
    for (const video of [fromMov, fromLying, fromSilent]) {
      expect(video.status, video.failureReason).toBe(Status.READY);
      expect(Math.abs(video.durationSeconds - 3)).toBeLessThanOrEqual(0.1);
    }
    expect((await served(fromMov.url, 'mov.mp4')).type).toBe('video/mp4');
    // The extension lied: the server read the bytes, found a WebM, and remuxed it as one.
    expect((await served(fromLying.url, 'lying.webm')).type).toBe('video/webm');
    expect((await served(fromSilent.url, 'silent-played.mp4')).streams.map((stream) => stream.type)).toEqual(['video']);
  }, 180_000);

  it('an MKV whose codec no browser plays is encoded to H.264, and its upload kept as the original', async () => {
    const mkv = join(server.dataDir, 'old.mkv');
    await makeMatroskaWithForeignCodec(mkv);
    const video = await processed(mkv, 'old.mkv', 'video/x-matroska');
    expect(video.status, video.failureReason).toBe(Status.READY);
    expect((await served(video.url, 'mkv-played.mp4')).streams).toEqual([
      { type: 'video', codec: 'h264', pixFmt: 'yuv420p' },
    ]);
    const kinds = (await server.listBlobs())
      .filter((key) => key.includes(video.id))
      .map((key) => key.split('/').at(-1)!.split('-')[0]);
    expect(kinds).toContain('original');
    expect(kinds).toContain('playable');
  }, 120_000);

  it('a MOV being transcoded shows how far it got while PROCESSING, then READY with the progress cleared', async () => {
    // 12 s of 1280×720 MPEG-4 Part 2: seconds of x264's work (5 s at load 11 here), reported twice a second.
    const mov = join(server.dataDir, 'long.mov');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '12'],
      ...['-c:v', 'mpeg4', '-q:v', '6', '-f', 'mov', mov],
    ]);
    const answer = await upload(mov, 'long.mov', 'video/quicktime');
    expect(answer.status, answer.json.message).toBe(201);
    const seen: number[] = [];
    const done = await until(
      'the MOV to leave PROCESSING',
      async () => {
        const video = await client().getVideo({ videoId: answer.json.video!.id });
        if (video.status !== Status.PROCESSING) return video;
        seen.push(video.processingProgress);
        return undefined;
      },
      120_000,
    );
    expect(done.status, done.failureReason).toBe(Status.READY);
    expect(done.processingProgress).toBe(0);
    expect(
      seen.some((percent) => percent > 0 && percent < 100),
      `processing_progress seen: ${seen.join(' ')}`,
    ).toBe(true);
    // Only ever rising while it ran.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  }, 120_000);

  it("a kept MKV or MOV keeps its own type, and the original's download gives the uploaded bytes", async () => {
    const mkv = join(server.dataDir, 'kept.mkv');
    await makeMatroskaWithForeignCodec(mkv);
    // MPEG-4 Part 2 in a QuickTime file: encoded to H.264 too, so the upload is kept.
    const mov = join(server.dataDir, 'kept.mov');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1', '-c:v', 'mpeg4', '-f', 'mov', mov]);
    const [fromMkv, fromMov] = await Promise.all([
      processed(mkv, 'kept.mkv', 'video/x-matroska'),
      processed(mov, 'kept.mov', 'video/quicktime'),
    ]);
    const blobs = await server.listBlobs();
    for (const [video, path, type, extension] of [
      [fromMkv, mkv, 'video/x-matroska', 'mkv'],
      [fromMov, mov, 'video/quicktime', 'mov'],
    ] as const) {
      expect(video.status, video.failureReason).toBe(Status.READY);
      const original = blobs.filter((key) => key.includes(video.id) && key.split('/').at(-1)!.startsWith('original-'));
      expect(original).toHaveLength(1);
      expect(original[0]!.endsWith(`.${extension}`), original[0]).toBe(true);
      expect(video.originalContentType).toBe(type); // the Download menu names the file by it
      const download = await fetch(new URL(`${video.originalUrl}&download=1`, server.baseUrl));
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(type);
      expect(download.headers.get('content-disposition')).toContain(`.${extension}`);
      expect(Buffer.from(await download.arrayBuffer()).equals(readFileSync(path))).toBe(true);
      // Played, the original stays the version a browser plays: the editor's source.
      expect((await served(video.originalUrl, `${extension}-source.mp4`)).type).toBe('video/mp4');
    }
  }, 120_000);

  it('a 4K 60 fps phone file and a variable-frame-rate file each become READY and play, at their length', async () => {
    const uhd = join(server.dataDir, 'uhd60.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=3840x2160:rate=60', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '1.5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', uhd],
    ]);
    // 25 fps for 2 s, then a frame every 0.1 s: irregular times, in a codec no browser plays (so encoded).
    const vfr = join(server.dataDir, 'vfr.mkv');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '2.8'],
      ...['-vf', "select='lt(n,50)+not(mod(n,5))',setpts='if(lt(N,50),N/25,2+(N-50)/10)/TB'"],
      ...['-fps_mode', 'vfr', '-c:v', 'mpeg4', '-f', 'matroska', vfr],
    ]);
    const [fromUhd, fromVfr] = await Promise.all([
      processed(uhd, 'IMG_4K60.mp4', 'video/mp4'),
      processed(vfr, 'screen-vfr.mkv', 'video/x-matroska'),
    ]);
    expect(fromUhd.status, fromUhd.failureReason).toBe(Status.READY);
    expect(Math.abs(fromUhd.durationSeconds - 1.5)).toBeLessThanOrEqual(0.1);
    const uhdPlaying = await served(fromUhd.url, 'uhd-playing.mp4');
    expect(uhdPlaying.streams.map((stream) => stream.codec)).toEqual(['h264', 'aac']);
    expect(fromVfr.status, fromVfr.failureReason).toBe(Status.READY);
    const vfrPlaying = await served(fromVfr.url, 'vfr-playing.mp4');
    expect(vfrPlaying.streams).toEqual([{ type: 'video', codec: 'h264', pixFmt: 'yuv420p' }]);
    // Each frame kept at its own time: none invented to make the rate constant, none dropped.
    const sourceFrames = await frameCount(vfr);
    expect(sourceFrames).toBeGreaterThan(50);
    expect(await frameCount(join(server.dataDir, 'vfr-playing.mp4'))).toBe(sourceFrames);
    expect(Math.abs(fromVfr.durationSeconds - (await ffprobe(vfr)).durationSeconds)).toBeLessThanOrEqual(0.1);
  }, 180_000);

  it('refuses a text file named .mp4 at upload (415, with the reason) and creates nothing', async () => {
    const text = join(server.dataDir, 'notes.mp4');
    writeFileSync(text, 'These are my meeting notes, not a video.\n'.repeat(20));
    const before = (await client().listVideos({ pageSize: 100 })).videos.length;
    const answer = await upload(text, 'notes.mp4', 'video/mp4');
    expect(answer.status).toBe(415);
    expect(answer.json.message).toBe('Not a video file: Stream takes WebM, MKV, MP4 or MOV');
    expect((await client().listVideos({ pageSize: 100 })).videos).toHaveLength(before);
  });

  it('marks FAILED with a reason a truncated MP4 (moov never arrived) and an MP4 with sound only', async () => {
    const cut = await makeCameraFile(join(server.dataDir, 'cut.mp4'), { seconds: 3, format: 'mp4' });
    truncateSync(cut, Math.floor(readFileSync(cut).length / 2)); // moov is at the end: cut off
    const voice = await makeCameraFile(join(server.dataDir, 'voice.m4a'), { seconds: 2, format: 'mp4', video: false });
    const [truncated, soundOnly] = await Promise.all([
      processed(cut, 'cut.mp4', 'video/mp4'),
      processed(voice, 'voice.mp4', 'video/mp4'),
    ]);
    expect(truncated.status).toBe(Status.FAILED);
    expect(truncated.failureReason).toMatch(/^The file is not a readable video \(.*moov atom not found.*\)$/);
    expect(soundOnly.status).toBe(Status.FAILED);
    expect(soundOnly.failureReason).toBe(
      'The file has no picture to play (format: mov,mp4,m4a,3gp,3g2,mj2; streams: audio)',
    );
  }, 120_000);
});
