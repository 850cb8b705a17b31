// Editing through the real server, with the worker in the API, on PGlite and
// PostgreSQL: an edit renders in the background while the previous version keeps playing, lands
// with the kept ranges' length, and a revert serves the original's very bytes again; only the
// owner edits or sees the original; bad edits, speeds, chapters and captions change nothing.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Code } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { ChapterListSchema, EditService, EditState, Status, Visibility, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { serviceClient, videoClient } from '../support/clients';
import { editClient } from '../support/edit-client';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { MAX_WEBVTT_BYTES } from '@stream/proto';
import { difference, durations, FPS, greyFrames, makeEditableWebm } from '../support/edit-fixtures';
import { codeOf } from '@stream/video-api/testing';

const run = promisify(execFile);

let emulator: AuthEmulator;
let dir: string;
let webm: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edit-rpc-'));
  const [started] = await Promise.all([
    startAuthEmulator(),
    makeEditableWebm(join(dir, 'source.webm'), { seconds: 6 }),
  ]);
  emulator = started;
  webm = await readFile(join(dir, 'source.webm'));
}, 120_000);
afterAll(async () => {
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(databaseKinds)('editing on %s', (databaseKind) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ database: databaseKind, emulatorHost: emulator.host, env: { WORKER: 'true' } });
    [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  }, 120_000);
  afterAll(() => server?.close());

  const videos = (user?: TestUser) => videoClient(server.baseUrl, { token: user?.idToken });
  const edits = (user?: TestUser) => editClient(server.baseUrl, user?.idToken);

  async function waitFor(id: string, done: (video: Video) => boolean, what: string): Promise<Video> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const video = await videos(owner).getVideo({ videoId: id });
      if (done(video)) return video;
      if (Date.now() > deadline) throw new Error(`video ${id}: no ${what} after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function readyVideo(): Promise<Video> {
    const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    expect(answer.status).toBe(201);
    // The hover previews are stored just after READY.
    const settled = (v: Video) =>
      v.status === Status.FAILED || (v.status === Status.READY && v.storyboard !== undefined);
    const video = await waitFor(answer.json.video!.id, settled, 'processing and storyboard');
    expect(video.status).toBe(Status.READY);
    return video;
  }

  const bytesOf = async (url: string) => {
    const response = await fetch(`${server.baseUrl}${url}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('renders an edit while the previous version plays, then reverts to the original bytes', async () => {
    const video = await readyVideo();
    expect(video.editState).toBe(EditState.NONE);
    expect(video.originalDurationSeconds).toBeCloseTo(video.durationSeconds, 6);
    expect(video.storyboard?.count).toBeGreaterThan(0);
    const storyboard = await fetch(`${server.baseUrl}${video.storyboard!.url}`);
    expect(storyboard.headers.get('content-type')).toBe('image/jpeg');
    const original = await bytesOf(video.url);
    const originalThumbnail = await bytesOf(video.thumbnailUrl);

    const kept = [
      { startSeconds: 0.5, endSeconds: 2.1 },
      { startSeconds: 3.3, endSeconds: 5.5 },
    ];
    const saved = await edits(owner).saveEdits({ videoId: video.id, keptRanges: kept });
    expect(saved.keptRanges.map((range) => [range.startSeconds, range.endSeconds])).toEqual([
      [0.5, 2.1],
      [3.3, 5.5],
    ]);
    // Until the render lands, the unedited video plays (unless the render already finished).
    if (saved.editState === EditState.APPLYING) {
      expect(saved.playingRanges).toEqual([]);
      expect((await bytesOf(saved.url)).equals(original)).toBe(true);
    }

    const applied = await waitFor(video.id, (v) => v.editState !== EditState.APPLYING, 'render');
    expect(applied.editState).toBe(EditState.APPLIED);
    expect(applied.durationSeconds).toBeCloseTo(3.8, 1);
    expect(Math.abs(applied.durationSeconds - 3.8)).toBeLessThan(1 / FPS);
    expect(applied.originalDurationSeconds).toBeCloseTo(video.durationSeconds, 6);
    expect(applied.playingRanges).toHaveLength(2);
    expect(applied.url).not.toBe(video.url);
    const edited = await bytesOf(applied.url);
    expect(edited.equals(original)).toBe(false);
    const file = join(dir, `edited-${databaseKind}.webm`);
    await writeFile(file, edited);
    const measured = await durations(file);
    expect(Math.abs(measured.container - 3.8)).toBeLessThan(1 / FPS);
    expect(Math.abs(measured.video - 3.8)).toBeLessThan(1 / FPS);
    // The owner's editor still reaches the original, unchanged.
    expect((await bytesOf(applied.originalUrl)).equals(original)).toBe(true);
    // The thumbnail is the edited version's own, at its 1 s: the source's 1.5 s, not the cut 1 s
    // the original's shows; its URL and the storyboard's name the version, so no cache keeps the old.
    expect(applied.thumbnailUrl).not.toBe(video.thumbnailUrl);
    expect(applied.storyboard?.url).not.toBe(video.storyboard?.url);
    const thumbnailFile = join(dir, `thumbnail-${databaseKind}.jpg`);
    await writeFile(thumbnailFile, await bytesOf(applied.thumbnailUrl));
    const [shown] = await greyFrames(thumbnailFile);
    const sourceFrames = await greyFrames(join(dir, 'source.webm'));
    const atSource = (seconds: number) => difference(shown!, sourceFrames[Math.round(seconds * FPS)]!);
    expect(atSource(1.5)).toBeLessThan(atSource(1) / 2);

    const reverted = await edits(owner).revertEdits({ videoId: video.id });
    expect(reverted.editState).toBe(EditState.NONE);
    expect(reverted.keptRanges).toEqual([]);
    expect(reverted.durationSeconds).toBeCloseTo(video.durationSeconds, 6);
    expect((await bytesOf(reverted.url)).equals(original)).toBe(true);
    expect((await bytesOf(reverted.thumbnailUrl)).equals(originalThumbnail)).toBe(true);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    expect(Number.parseFloat(stdout)).toBeLessThan(video.durationSeconds);
  }, 120_000);

  it('lets only the owner edit, and never hands the original to anyone else', async () => {
    const video = await readyVideo();
    const keptRanges = [{ startSeconds: 1, endSeconds: 2 }];
    expect(await codeOf(edits(other).saveEdits({ videoId: video.id, keptRanges }))).toBe(Code.NotFound);
    expect(await codeOf(edits(other).revertEdits({ videoId: video.id }))).toBe(Code.NotFound);
    expect(await codeOf(edits(other).setCaptions({ videoId: video.id, webvtt: 'WEBVTT\n' }))).toBe(Code.NotFound);
    expect(await codeOf(edits().saveEdits({ videoId: video.id, keptRanges }))).toBe(Code.Unauthenticated);
    const update = { videoId: video.id, title: 'x', description: '', visibility: Visibility.PUBLIC };
    expect(await codeOf(videos(other).updateVideo({ ...update, defaultPlaybackRate: 2 }))).toBe(Code.NotFound);

    await videos(owner).updateVideo({ ...update, title: video.title });
    const seen = await videos(other).getVideo({ videoId: video.id });
    expect(seen.url).not.toBe('');
    expect(seen.originalUrl).toBe('');
    expect((await videos(owner).getVideo({ videoId: video.id })).originalUrl).not.toBe('');
    const asOther = await fetch(`${server.baseUrl}/api/videoservice/original/${video.id}`, {
      headers: { authorization: `Bearer ${other.idToken}` },
    });
    expect(asOther.status).toBe(404);
    const asOwner = await fetch(`${server.baseUrl}/api/videoservice/original/${video.id}`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(asOwner.status).toBe(200);
    expect((await videos(owner).getVideo({ videoId: video.id })).editState).toBe(EditState.NONE);
  }, 120_000);

  it('refuses bad edits, speeds, chapters and captions, changing nothing', async () => {
    const video = await readyVideo();
    const bad = [
      [],
      [{ startSeconds: 2, endSeconds: 1 }],
      [{ startSeconds: -1, endSeconds: 1 }],
      [{ startSeconds: 7, endSeconds: 8 }],
      [
        { startSeconds: 1, endSeconds: 3 },
        { startSeconds: 2, endSeconds: 4 },
      ],
      [{ startSeconds: Number.NaN, endSeconds: 1 }],
      [{ startSeconds: 1, endSeconds: 1.05 }],
    ];
    for (const keptRanges of bad)
      expect(await codeOf(edits(owner).saveEdits({ videoId: video.id, keptRanges })), JSON.stringify(keptRanges)).toBe(
        Code.InvalidArgument,
      );
    const update = { videoId: video.id, title: 'Changed', description: 'changed', visibility: Visibility.PRIVATE };
    for (const rate of [3, 0.25, -1, Number.NaN])
      expect(await codeOf(videos(owner).updateVideo({ ...update, defaultPlaybackRate: rate }))).toBe(
        Code.InvalidArgument,
      );
    const chapters = (list: { seconds: number; title: string }[]) => create(ChapterListSchema, { chapters: list });
    expect(
      await codeOf(videos(owner).updateVideo({ ...update, chapters: chapters([{ seconds: -1, title: 'x' }]) })),
    ).toBe(Code.InvalidArgument);
    expect(
      await codeOf(videos(owner).updateVideo({ ...update, chapters: chapters([{ seconds: 1, title: ' ' }]) })),
    ).toBe(Code.InvalidArgument);
    expect(await codeOf(edits(owner).setCaptions({ videoId: video.id, webvtt: 'not captions' }))).toBe(
      Code.InvalidArgument,
    );
    const after = await videos(owner).getVideo({ videoId: video.id });
    expect(after.title).toBe(video.title);
    expect(after.description).toBe(video.description);
    expect(after.editState).toBe(EditState.NONE);
    expect(after.keptRanges).toEqual([]);
    expect(after.defaultPlaybackRate).toBe(0);
    expect(after.chapters).toEqual([]);
    expect(after.captionsUrl).toBe('');
  }, 120_000);

  it('takes captions up to MAX_WEBVTT_BYTES (1 MiB, as documented) in gRPC-web and Connect JSON, and refuses more', async () => {
    const video = await videos(owner).createVideo({ title: 'Captions' });
    const cue = (n: number) => `\n${n}\n00:00.000 --> 00:01.000\nline ${n}\n`;
    /** A WebVTT file of exactly `bytes` bytes (ASCII), cues all through. */
    const vttOf = (bytes: number) => {
      let text = 'WEBVTT\n';
      for (let n = 0; text.length < bytes - 64; n++) text += cue(n);
      return text + 'x'.repeat(bytes - text.length);
    };
    const connectEdits = serviceClient(EditService, server.baseUrl, { token: owner.idToken, protocol: 'connect' });
    for (const [protocol, client] of [
      ['grpc-web', edits(owner)],
      ['connect', connectEdits],
    ] as const) {
      for (const bytes of [300 * 1024, MAX_WEBVTT_BYTES]) {
        const vtt = vttOf(bytes);
        const answer = await client.setCaptions({ videoId: video.id, webvtt: vtt });
        expect(answer.captionsUrl, `${bytes} bytes over ${protocol}`).not.toBe('');
        expect(await (await fetch(`${server.baseUrl}${answer.captionsUrl}`)).text()).toBe(vtt);
      }
      expect(await codeOf(client.setCaptions({ videoId: video.id, webvtt: vttOf(MAX_WEBVTT_BYTES + 1) }))).toBe(
        Code.InvalidArgument,
      );
    }
    // Far past the cap the body is not even read.
    expect(await codeOf(edits(owner).setCaptions({ videoId: video.id, webvtt: vttOf(3 * MAX_WEBVTT_BYTES) }))).toBe(
      Code.ResourceExhausted,
    );
    // Every other method keeps the small cap.
    expect(await codeOf(videos(owner).createVideo({ title: 'x', description: 'd'.repeat(300 * 1024) }))).toBe(
      Code.ResourceExhausted,
    );
    await videos(owner).deleteVideo({ videoId: video.id });
  }, 120_000);

  it('keeps chapters, the default speed and captions, which viewers get too', async () => {
    const video = await readyVideo();
    const update = { videoId: video.id, title: video.title, description: '', visibility: Visibility.PUBLIC };
    const chapters = create(ChapterListSchema, {
      chapters: [
        { seconds: 4, title: 'The fix' },
        { seconds: 1.5, title: 'Here is the bug' },
      ],
    });
    await videos(owner).updateVideo({ ...update, defaultPlaybackRate: 1.5, chapters });
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n';
    await edits(owner).setCaptions({ videoId: video.id, webvtt: vtt });

    const seen = await videos(other).getVideo({ videoId: video.id });
    expect(seen.defaultPlaybackRate).toBe(1.5);
    expect(seen.chapters.map((chapter) => [chapter.seconds, chapter.title])).toEqual([
      [1.5, 'Here is the bug'],
      [4, 'The fix'],
    ]);
    const captions = await fetch(`${server.baseUrl}${seen.captionsUrl}`);
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await captions.text()).toBe(vtt);

    // An UpdateVideo without them (the spec's fields only) keeps them; 0 clears the speed.
    await videos(owner).updateVideo({ ...update, title: 'Renamed' });
    const kept = await videos(owner).getVideo({ videoId: video.id });
    expect(kept.defaultPlaybackRate).toBe(1.5);
    expect(kept.chapters).toHaveLength(2);
    await videos(owner).updateVideo({ ...update, defaultPlaybackRate: 0, chapters: create(ChapterListSchema) });
    await edits(owner).setCaptions({ videoId: video.id, webvtt: '' });
    const cleared = await videos(owner).getVideo({ videoId: video.id });
    expect(cleared.defaultPlaybackRate).toBe(0);
    expect(cleared.chapters).toEqual([]);
    expect(cleared.captionsUrl).toBe('');
  }, 120_000);
});
