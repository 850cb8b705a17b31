// A blur in the pixels, through the real server with the worker in the API (PGlite, local
// disk): a blur over the top-left quarter of a 10 s test pattern from 0:01 to 0:04 is in every
// byte a signed-out viewer can get (stream, download, MP4 rendition, thumbnail, storyboard, the
// link preview's image), the rest of those frames and every other frame are unchanged, the length
// is the original's to a frame, the owner keeps the original, and Revert brings it back.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AnnotationKind, EditState, RenditionState, Status, Visibility, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { editClient } from '../support/edit-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { durations, FPS, makeEditableWebm } from '../support/edit-fixtures';
import { FFMPEG } from '../support/processing-fixtures';

const run = promisify(execFile);
const WIDTH = 320;
const HEIGHT = 240;
const SECONDS = 10;

/** Every frame (or the one picture) of a file, in grey at `width` x `height`. */
async function grey(path: string, width = WIDTH, height = HEIGHT): Promise<Buffer[]> {
  const { stdout } = await run(
    FFMPEG,
    ['-v', 'error', '-i', path, '-map', '0:v:0', '-vsync', 'passthrough', '-vf', `scale=${width}:${height}`].concat([
      '-pix_fmt',
      'gray',
      '-f',
      'rawvideo',
      '-',
    ]),
    { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
  );
  const size = width * height;
  const frames: Buffer[] = [];
  for (let at = 0; at + size <= stdout.length; at += size) frames.push(stdout.subarray(at, at + size));
  return frames;
}

type Area = { x: number; y: number; w: number; h: number };
const quarterOf = (width: number, height: number): Area => ({ x: 0, y: 0, w: width / 2, h: height / 2 });
const inArea = (a: Area, x: number, y: number) => x >= a.x && x < a.x + a.w && y >= a.y && y < a.y + a.h;

/** The variance of the pixels of `area` in a `width`-wide grey picture. */
function variance(frame: Buffer, width: number, area: Area): number {
  let sum = 0;
  let squares = 0;
  for (let y = area.y; y < area.y + area.h; y++)
    for (let x = area.x; x < area.x + area.w; x++) {
      const value = frame[y * width + x]!;
      sum += value;
      squares += value * value;
    }
  const count = area.w * area.h;
  return squares / count - (sum / count) ** 2;
}

/** The PSNR (dB) of two grey pictures outside `excluded` (99 when identical). */
function psnr(a: Buffer, b: Buffer, width: number, excluded?: Area): number {
  let squares = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    if (excluded && inArea(excluded, i % width, Math.floor(i / width))) continue;
    squares += (a[i]! - b[i]!) ** 2;
    count++;
  }
  return squares === 0 ? 99 : 10 * Math.log10((255 * 255) / (squares / count));
}

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let dir: string;
let source: Buffer[];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edit-blur-'));
  const [started] = await Promise.all([
    startAuthEmulator(),
    makeEditableWebm(join(dir, 'source.webm'), { seconds: SECONDS }),
  ]);
  emulator = started;
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host, env: { WORKER: 'true' } });
  owner = await newTestUser(emulator.host);
  source = await grey(join(dir, 'source.webm'));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const videos = (user?: TestUser) => videoClient(server.baseUrl, { token: user?.idToken });

async function waitFor(id: string, done: (video: Video) => boolean, what: string): Promise<Video> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const video = await videos(owner).getVideo({ videoId: id });
    if (done(video)) return video;
    if (Date.now() > deadline) throw new Error(`video ${id}: no ${what} after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** GETs a path of the server signed out; the bytes, saved as `name` in the test's folder. */
async function download(path: string, name: string): Promise<{ bytes: Buffer; file: string; response: Response }> {
  const response = await fetch(new URL(path, server.baseUrl));
  expect(response.status, path).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = join(dir, name);
  await writeFile(file, bytes);
  return { bytes, file, response };
}

/** The storyboard's tiles, each in grey. */
async function tiles(video: Video, name: string): Promise<{ tiles: Buffer[]; width: number; height: number }> {
  const layout = video.storyboard!;
  const { file } = await download(layout.url, name);
  const width = layout.tileWidth;
  const height = layout.tileHeight;
  const [sprite] = await grey(file, layout.columns * width, layout.rows * height);
  const all: Buffer[] = [];
  for (let index = 0; index < layout.count; index++) {
    const tile = Buffer.alloc(width * height);
    const [column, row] = [index % layout.columns, Math.floor(index / layout.columns)];
    for (let y = 0; y < height; y++)
      sprite!.copy(
        tile,
        y * width,
        (row * height + y) * layout.columns * width + column * width,
        (row * height + y) * layout.columns * width + (column + 1) * width,
      );
    all.push(tile);
  }
  return { tiles: all, width, height };
}

const QUARTER = quarterOf(WIDTH, HEIGHT);

describe('a blur in the pixels', () => {
  it('reaches every byte a signed-out viewer gets, changes nothing else, and reverts', async () => {
    const upload = await uploadVideo(server.baseUrl, await readFile(join(dir, 'source.webm')), {
      token: owner.idToken,
    });
    expect(upload.status).toBe(201);
    const id = upload.json.video!.id;
    const settled = (v: Video) => v.status !== Status.PROCESSING && v.storyboard !== undefined;
    const ready = await waitFor(id, settled, 'processing and storyboard');
    expect(ready.status).toBe(Status.READY);
    await videos(owner).updateVideo({ videoId: id, title: ready.title, visibility: Visibility.PUBLIC });
    const before = await videos().getVideo({ videoId: id });
    const original = await download(before.url, 'original.webm');
    const originalThumbnail = await download(before.thumbnailUrl, 'original.jpg');
    const originalTiles = await tiles(before, 'original-storyboard.jpg');

    const blur = { kind: AnnotationKind.BLUR, fromSeconds: 1, toSeconds: 4, x: 0, y: 0, width: 50, height: 50 };
    const saved = await editClient(server.baseUrl, owner.idToken).saveEdits({
      videoId: id,
      keptRanges: [{ startSeconds: 0, endSeconds: ready.durationSeconds }],
      annotations: [blur],
    });
    expect(saved.annotations).toEqual([]); // blur is never an overlay
    const applied = await waitFor(
      id,
      (v) => v.editState !== EditState.APPLYING && v.mp4State !== RenditionState.UNSPECIFIED,
      'render and mp4',
    );
    expect(applied.editState).toBe(EditState.APPLIED);
    expect(applied.mp4State).toBe(RenditionState.READY);
    const seen = await videos().getVideo({ videoId: id });
    expect(seen.originalUrl).toBe('');
    expect(seen.editAnnotations).toEqual([]);

    // The stream: blurred in the quarter over 0:01-0:04 only, as long as the original to a frame.
    const stream = await download(seen.url, 'blurred.webm');
    const frames = await grey(stream.file);
    expect(frames).toHaveLength(source.length);
    const measured = await durations(stream.file);
    expect(Math.abs(measured.video - SECONDS)).toBeLessThan(1 / FPS);
    const at2 = 2 * FPS;
    expect(variance(frames[at2]!, WIDTH, QUARTER)).toBeLessThan(variance(source[at2]!, WIDTH, QUARTER) / 4);
    expect(psnr(frames[at2]!, source[at2]!, WIDTH, QUARTER)).toBeGreaterThan(35);
    // The frames on screen from 0:01 to 0:04 are blurred and no others; the upload's frames sit a
    // millisecond or so off the 40 ms grid, so the frame just before each edge (on screen at 0:01, or
    // ending a hair past 0:04) may be either.
    for (let index = 0; index < frames.length; index++) {
      if (index === 1 * FPS - 1 || index === 4 * FPS) continue;
      if (index >= 1 * FPS && index < 4 * FPS)
        expect(variance(frames[index]!, WIDTH, QUARTER), `frame ${index}`).toBeLessThan(
          variance(source[index]!, WIDTH, QUARTER) / 2,
        );
      else expect(psnr(frames[index]!, source[index]!, WIDTH), `frame ${index}`).toBeGreaterThan(35);
    }

    // The download is the same bytes.
    const downloaded = await download(`${seen.url}&download=1`, 'download.webm');
    expect(downloaded.response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(downloaded.bytes.equals(stream.bytes)).toBe(true);

    // The MP4 rendition, re-encoded from the blurred version.
    const mp4 = await download(seen.mp4Url, 'blurred.mp4');
    const mp4Frames = await grey(mp4.file);
    expect(Math.abs(mp4Frames.length - source.length)).toBeLessThanOrEqual(1);
    expect(variance(mp4Frames[at2]!, WIDTH, QUARTER)).toBeLessThan(variance(source[at2]!, WIDTH, QUARTER) / 4);

    // The thumbnail (at 0:01, the blur's first frame) and the link preview's image.
    expect(seen.thumbnailUrl).not.toBe(before.thumbnailUrl);
    const thumbnail = await download(seen.thumbnailUrl, 'blurred.jpg');
    const [shown] = await grey(thumbnail.file);
    const [shownBefore] = await grey(originalThumbnail.file);
    expect(variance(shown!, WIDTH, QUARTER)).toBeLessThan(variance(shownBefore!, WIDTH, QUARTER) / 4);
    const page = await (await fetch(new URL(`/watch/${id}`, server.baseUrl))).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
    expect(image).toBeDefined();
    const imageUrl = new URL(image!.replaceAll('&amp;', '&')); // the page's origin may be the public one
    const preview = await download(`${imageUrl.pathname}${imageUrl.search}`, 'preview.jpg');
    expect(preview.bytes.equals(thumbnail.bytes)).toBe(true);

    // The storyboard (keyframes: its tile at 0:02 shows the keyframe at 0:02, in the blur).
    expect(seen.storyboard!.url).not.toBe(before.storyboard!.url);
    const board = await tiles(seen, 'blurred-storyboard.jpg');
    const tileQuarter = quarterOf(board.width, board.height);
    const tileAt = (seconds: number) => Math.floor(seconds / seen.storyboard!.intervalSeconds);
    expect(variance(board.tiles[tileAt(2)]!, board.width, tileQuarter)).toBeLessThan(
      variance(originalTiles.tiles[tileAt(2)]!, board.width, tileQuarter) / 4,
    );
    // Past the blur the quarter keeps its detail (tiles are sampled a frame apart, so not the same pixels).
    expect(variance(board.tiles[tileAt(6)]!, board.width, tileQuarter)).toBeGreaterThan(
      variance(originalTiles.tiles[tileAt(6)]!, board.width, tileQuarter) / 2,
    );

    // The owner keeps the original, unblurred; nobody else reaches it.
    const mine = await videos(owner).getVideo({ videoId: id });
    const kept = await fetch(new URL(mine.originalUrl, server.baseUrl));
    expect(Buffer.from(await kept.arrayBuffer()).equals(original.bytes)).toBe(true);
    expect((await fetch(new URL(`/api/videoservice/original/${id}`, server.baseUrl))).status).not.toBe(200);

    // Revert: the original's bytes play again, and its thumbnail shows.
    await editClient(server.baseUrl, owner.idToken).revertEdits({ videoId: id });
    const reverted = await videos().getVideo({ videoId: id });
    expect((await download(reverted.url, 'reverted.webm')).bytes.equals(original.bytes)).toBe(true);
    expect((await download(reverted.thumbnailUrl, 'reverted.jpg')).bytes.equals(originalThumbnail.bytes)).toBe(true);
  }, 300_000);
});
