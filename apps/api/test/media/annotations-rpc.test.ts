// Annotations through the real server, with the worker in the API, on PGlite (the
// edit's row and its job on PostgreSQL are edit-rpc.test.ts's, the same statements): they are
// stored with the edit; viewers get the overlays moved through the kept ranges (blur never), the
// owner alone the saved list; a save that changes overlays only does not render again; a blur is
// refused while another edit renders; bad annotations change nothing; Revert clears them.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { AnnotationKind, EditState, Status, Visibility, type Annotation, type Video } from '@stream/proto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { AnnotationSchema } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { editClient } from '../support/edit-client';
import { shareTokenOf } from '../support/share';
import { pgliteOnly } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { makeEditableWebm } from '../support/edit-fixtures';
import { codeOf } from '@stream/video-api/testing';

type AnnotationInit = MessageInitShape<typeof AnnotationSchema>;

let emulator: AuthEmulator;
let dir: string;
let webm: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'annotations-rpc-'));
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

/** An annotation as plain numbers, to compare answers whatever the message's own fields. */
const plain = (a: Annotation) => [AnnotationKind[a.kind], a.fromSeconds, a.toSeconds, a.x, a.y, a.width, a.height];

// Kept ranges on frame edges (25 fps), so the rendered ranges are exactly these.
const KEPT = [
  { startSeconds: 0.4, endSeconds: 2 },
  { startSeconds: 3.2, endSeconds: 5.6 },
];
const BOX: AnnotationInit = {
  kind: AnnotationKind.BOX,
  fromSeconds: 1,
  toSeconds: 4,
  x: 10,
  y: 10,
  width: 20,
  height: 20,
};
const CUT_TEXT: AnnotationInit = {
  kind: AnnotationKind.TEXT,
  fromSeconds: 2.5,
  toSeconds: 3,
  x: 50,
  y: 50,
  width: 30,
  height: 10,
  text: 'Gone with the cut',
};
const ARROW: AnnotationInit = {
  kind: AnnotationKind.ARROW,
  fromSeconds: 0,
  toSeconds: 5.9,
  x: 80,
  y: 80,
  width: -30,
  height: -40,
  color: '#22C55E',
};
const BLUR: AnnotationInit = {
  kind: AnnotationKind.BLUR,
  fromSeconds: 1,
  toSeconds: 2,
  x: 0,
  y: 0,
  width: 50,
  height: 50,
};

describe.each(pgliteOnly)('annotations on %s', (databaseKind) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ database: databaseKind, emulatorHost: emulator.host, env: { WORKER: 'true' } });
    [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  }, 120_000);
  afterAll(() => server?.close());

  const videos = (user?: TestUser, shareToken?: string) =>
    videoClient(server.baseUrl, { token: user?.idToken, headers: shareToken ? { 'x-share-token': shareToken } : {} });
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
    const video = await waitFor(answer.json.video!.id, (v) => v.status !== Status.PROCESSING, 'processing');
    expect(video.status).toBe(Status.READY);
    return video;
  }

  const rendered = (id: string) => waitFor(id, (v) => v.editState !== EditState.APPLYING, 'render');

  it('stores them with the edit; viewers get the overlays through the kept ranges, the owner the saved list', async () => {
    const video = await readyVideo();
    const saved = await edits(owner).saveEdits({
      videoId: video.id,
      keptRanges: KEPT,
      annotations: [BOX, CUT_TEXT, ARROW, BLUR],
    });
    expect(saved.editAnnotations.map(plain)).toEqual([
      ['BOX', 1, 4, 10, 10, 20, 20],
      ['TEXT', 2.5, 3, 50, 50, 30, 10],
      ['ARROW', 0, 5.9, 80, 80, -30, -40],
      ['BLUR', 1, 2, 0, 0, 50, 50],
    ]);
    expect(saved.editAnnotations[1]!.text).toBe('Gone with the cut');
    expect(saved.editAnnotations[2]!.color).toBe('#22c55e');

    const applied = await rendered(video.id);
    expect(applied.editState).toBe(EditState.APPLIED);
    // On the edited timeline: [0.4, 2) plays from 0 to 1.6 and [3.2, 5.6) from 1.6 to 4, give or
    // take where the frames of the upload fall.
    const [first, second] = applied.playingRanges.map((r) => [r.startSeconds, r.endSeconds] as const);
    expect(applied.playingRanges).toHaveLength(2);
    for (const [index, [start, end]] of [first!, second!].entries()) {
      expect(Math.abs(start - KEPT[index]!.startSeconds)).toBeLessThan(0.04);
      expect(Math.abs(end - KEPT[index]!.endSeconds)).toBeLessThan(0.04);
    }
    const split = first![1] - first![0];
    const at = (seconds: number) => Math.round(seconds * 1000) / 1000;
    const expected = [
      ['BOX', at(1 - first![0]), at(split), 10, 10, 20, 20],
      ['BOX', at(split), at(split + 4 - second![0]), 10, 10, 20, 20],
      ['ARROW', 0, at(split), 80, 80, -30, -40],
      ['ARROW', at(split), at(split + second![1] - second![0]), 80, 80, -30, -40],
    ];
    expect(applied.annotations.map(plain)).toEqual(expected);
    expect(applied.editAnnotations).toHaveLength(4);

    // Anyone who may watch gets the overlays and nothing of the saved list.
    await videos(owner).updateVideo({ videoId: video.id, title: video.title, visibility: Visibility.PRIVATE });
    const shared = await videos(owner).shareVideo({ videoId: video.id });
    const token = shareTokenOf(shared.url);
    for (const seen of [
      await videos().getSharedVideo({ shareToken: token }),
      await videos(other).getSharedVideo({ shareToken: token }),
      await videos(undefined, token).getVideo({ videoId: video.id }),
    ]) {
      expect(seen.annotations.map(plain)).toEqual(expected);
      expect(seen.editAnnotations).toEqual([]);
    }
    // The owner's list carries the saved annotations too.
    const listed = (await videos(owner).listVideos({ pageSize: 100 })).videos.find((v) => v.id === video.id)!;
    expect(listed.annotations.map(plain)).toEqual(expected);
    expect(listed.editAnnotations).toHaveLength(4);

    // Changing overlays alone keeps the rendered version: no new render, the same bytes' URL.
    const moved = { ...BOX, x: 40, text: '', color: '#000000' };
    const overlaysOnly = await edits(owner).saveEdits({
      videoId: video.id,
      keptRanges: KEPT,
      annotations: [moved, BLUR],
    });
    expect(overlaysOnly.editState).toBe(EditState.APPLIED);
    expect(overlaysOnly.url).toBe(applied.url);
    expect(overlaysOnly.annotations.map(plain)).toEqual(
      expected.slice(0, 2).map(([kind, from, to]) => [kind, from, to, 40, 10, 20, 20]),
    );
    expect(overlaysOnly.editAnnotations.map(plain)).toEqual([
      ['BOX', 1, 4, 40, 10, 20, 20],
      ['BLUR', 1, 2, 0, 0, 50, 50],
    ]);

    const reverted = await edits(owner).revertEdits({ videoId: video.id });
    expect(reverted.annotations).toEqual([]);
    expect(reverted.editAnnotations).toEqual([]);
    expect((await videos(owner).getVideo({ videoId: video.id })).editAnnotations).toEqual([]);
  }, 120_000);

  it('keeps overlays on the whole video without rendering, and refuses a blur while another edit renders', async () => {
    const video = await readyVideo();
    const whole = [{ startSeconds: 0, endSeconds: video.durationSeconds }];
    const overlays = await edits(owner).saveEdits({ videoId: video.id, keptRanges: whole, annotations: [BOX] });
    expect(overlays.editState).toBe(EditState.NONE);
    expect(overlays.url).toBe(video.url);
    expect(overlays.annotations.map(plain)).toEqual([['BOX', 1, 4, 10, 10, 20, 20]]);

    const trimming = await edits(owner).saveEdits({ videoId: video.id, keptRanges: KEPT, annotations: [BOX] });
    expect(trimming.editState).toBe(EditState.APPLYING);
    const refused = await edits(owner)
      .saveEdits({ videoId: video.id, keptRanges: KEPT, annotations: [BOX, BLUR] })
      .then(
        () => undefined,
        (error: unknown) => ConnectError.from(error),
      );
    expect(refused?.code).toBe(Code.FailedPrecondition);
    expect(refused?.rawMessage).toMatch(/still processing.*blur/);
    const done = await rendered(video.id);
    expect(done.editState).toBe(EditState.APPLIED);
    expect(done.editAnnotations.map(plain)).toEqual([['BOX', 1, 4, 10, 10, 20, 20]]);
  }, 120_000);

  it('refuses bad annotations with a message saying what is wrong, and changes nothing', async () => {
    const video = await readyVideo();
    const base: AnnotationInit = {
      kind: AnnotationKind.BOX,
      fromSeconds: 1,
      toSeconds: 2,
      x: 10,
      y: 10,
      width: 10,
      height: 10,
    };
    const bad: [AnnotationInit[], RegExp][] = [
      [[{ ...base, kind: AnnotationKind.UNSPECIFIED }], /annotations\[0\] needs a kind/],
      [[{ ...base, kind: 99 as AnnotationKind }], /annotations\[0\] needs a kind/],
      [[base, { ...base, width: 0 }], /annotations\[1\] width and height must be above 0/],
      [[{ ...base, kind: AnnotationKind.BLUR, height: -5 }], /width and height must be above 0/],
      [[{ ...base, kind: AnnotationKind.ARROW, width: 0, height: 0 }], /arrow of no length/],
      [[{ ...base, x: -1 }], /x and y must be from 0 to 100/],
      [[{ ...base, y: 100.5 }], /x and y must be from 0 to 100/],
      [[{ ...base, x: 100 }], /no area inside the frame/],
      [[{ ...base, fromSeconds: 2, toSeconds: 2 }], /must end after it starts/],
      [[{ ...base, fromSeconds: 3, toSeconds: 2 }], /must end after it starts/],
      [[{ ...base, fromSeconds: -1 }], /starts before the video/],
      [[{ ...base, toSeconds: 60 }], /ends after the video ends/],
      [[{ ...base, x: Number.NaN }], /finite/],
      [[{ ...base, kind: AnnotationKind.TEXT, text: 'x'.repeat(10_000) }], /text must be at most 500 characters/],
      [[{ ...base, kind: AnnotationKind.TEXT, text: '  ' }], /text callout without text/],
      [[{ ...base, color: 'red' }], /color must be "#rrggbb"/],
      [[{ ...base, color: '#12345' }], /color must be "#rrggbb"/],
      [Array.from({ length: 201 }, () => base), /at most 200/],
      [Array.from({ length: 1000 }, () => base), /at most 200/],
    ];
    for (const [annotations, message] of bad) {
      const error = await edits(owner)
        .saveEdits({ videoId: video.id, keptRanges: KEPT, annotations })
        .then(
          () => undefined,
          (caught: unknown) => ConnectError.from(caught),
        );
      expect(error?.code, String(message)).toBe(Code.InvalidArgument);
      expect(error?.rawMessage).toMatch(message);
    }
    const after = await videos(owner).getVideo({ videoId: video.id });
    expect(after.editState).toBe(EditState.NONE);
    expect(after.keptRanges).toEqual([]);
    expect(after.editAnnotations).toEqual([]);

    // At the edges: 200 are taken, 500 characters too, and what reaches past the frame is clamped.
    const edge = await edits(owner).saveEdits({
      videoId: video.id,
      keptRanges: [{ startSeconds: 0, endSeconds: video.durationSeconds }],
      annotations: [
        { ...base, x: 90, width: 30, y: 95, height: 10 },
        { ...base, kind: AnnotationKind.ARROW, x: 10, y: 90, width: -20, height: 30 },
        { ...base, kind: AnnotationKind.TEXT, text: 'é'.repeat(500), toSeconds: video.durationSeconds + 0.01 },
        ...Array.from({ length: 197 }, () => base),
      ],
    });
    expect(edge.editAnnotations).toHaveLength(200);
    expect(edge.editAnnotations.slice(0, 3).map(plain)).toEqual([
      ['BOX', 1, 2, 90, 95, 10, 5],
      ['ARROW', 1, 2, 10, 90, -10, 10],
      ['TEXT', 1, Math.round(video.durationSeconds * 1000) / 1000, 10, 10, 10, 10],
    ]);
    expect(edge.editState).toBe(EditState.NONE);
    expect(await codeOf(edits(other).saveEdits({ videoId: video.id, keptRanges: KEPT, annotations: [base] }))).toBe(
      Code.NotFound,
    );
  }, 120_000);
});
