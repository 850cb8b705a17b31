// The processing queue and job alone: real pg-boss on a real (PGlite) database, real ffmpeg, a
// real local blob store; only the videos table is an in-memory stand-in, since the API's own
// tests cover the real one.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../src/db/database';
import { createProcessing, type Processing, type ProcessingResult, type ProcessingVideoStore } from '../src/processing';
import { LocalBlobStore } from '../src/storage';
import {
  cuesLayout,
  makeBrokenWebm,
  makeMatroskaWithForeignCodec,
  makeRecordingLikeWebm,
  probedDuration,
  wrapFfmpeg,
} from './processing-fixtures';
import { openTestDatabase } from './support/test-database';

type Row =
  | { status: 'PROCESSING'; videoKey: string }
  | { status: 'READY'; videoKey: string; result: ProcessingResult }
  | { status: 'FAILED'; videoKey: string; reason: string };

/** The videos table as the worker sees it, in memory. */
class InMemoryVideos implements ProcessingVideoStore {
  readonly rows = new Map<string, Row>();
  readonly calls: string[] = [];

  async findForProcessing(videoId: string) {
    this.calls.push(`find ${videoId}`);
    const row = this.rows.get(videoId);
    return row?.status === 'PROCESSING' ? { id: videoId, videoKey: row.videoKey } : undefined;
  }
  async markReady(videoId: string, result: ProcessingResult) {
    this.calls.push(`ready ${videoId}`);
    const row = this.rows.get(videoId);
    if (row?.status === 'PROCESSING') this.rows.set(videoId, { status: 'READY', videoKey: result.videoKey, result });
  }
  async markFailed(videoId: string, reason: string) {
    this.calls.push(`failed ${videoId}`);
    const row = this.rows.get(videoId);
    if (row?.status === 'PROCESSING') this.rows.set(videoId, { status: 'FAILED', videoKey: row.videoKey, reason });
  }

  async settled(videoId: string, timeoutMs = 30_000): Promise<Row> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const row = this.rows.get(videoId);
      if (row && row.status !== 'PROCESSING') return row;
      if (Date.now() > until) throw new Error(`video ${videoId} still ${row?.status ?? 'missing'} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('video processing job (pg-boss on PGlite)', () => {
  let dir: string;
  let database: AppDatabase;
  let store: LocalBlobStore;
  let processing: Processing;
  const videos = new InMemoryVideos();

  /** Stores `file` as a new video's upload, PROCESSING, and queues it; the id carries `tag`. */
  async function upload(file: string, tag = 'plain'): Promise<string> {
    const id = `${tag}-${randomUUID()}`;
    const videoKey = `videos/${id}/original.webm`;
    await store.putFile(videoKey, file);
    videos.rows.set(id, { status: 'PROCESSING', videoKey });
    await processing.queue.enqueue(id);
    return id;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'processing-job-'));
    store = new LocalBlobStore(join(dir, 'blobs'));
    // ffmpeg as usual, except for videos tagged in their id (the job's temp dir carries the id):
    // "flaky" fails on its first run, "hopeless" always fails.
    const ffmpeg = await wrapFfmpeg(
      join(dir, 'ffmpeg'),
      `case "$*" in
  *flaky-*) if [ ! -e "${dir}/flaked" ]; then touch "${dir}/flaked"; echo "simulated crash of a flaky ffmpeg" >&2; exit 1; fi;;
  *hopeless-*) echo "simulated permanent ffmpeg trouble" >&2; exit 1;;
esac`,
    );
    database = await openTestDatabase('pglite');
    processing = await createProcessing({
      config: { FFMPEG_PATH: ffmpeg, PROCESSING_RETRY_LIMIT: 1, PROCESSING_MAINTENANCE_SECONDS: 1 },
      executor: database.executor,
      store,
      videos,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await processing.startWorker();
  }, 60_000);

  afterAll(async () => {
    await processing?.stop();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('turns a recording into a READY video with a duration, cues and a thumbnail', async () => {
    const file = join(dir, 'recording.webm');
    await makeRecordingLikeWebm(file);
    const id = await upload(file);

    const row = await videos.settled(id);
    expect(row.status).toBe('READY');
    if (row.status !== 'READY') return;
    expect(row.result.durationSeconds).toBeGreaterThan(2.9);
    expect(row.result.durationSeconds).toBeLessThan(3.2);
    expect(row.result.videoKey).toBe(`videos/${id}/original.webm`);
    expect(row.result.sizeBytes).toBe((await store.stat(row.result.videoKey))?.size);

    const stored = join(dir, `${id}-stored.webm`);
    await store.download(row.result.videoKey, stored);
    expect(await probedDuration(stored)).toBeCloseTo(row.result.durationSeconds, 2);
    const layout = await cuesLayout(stored);
    expect(layout.cues).toBeGreaterThan(0);
    expect(layout.cues).toBeLessThan(layout.firstCluster);

    const jpeg = join(dir, `${id}.jpg`);
    await store.download(row.result.thumbnailKey, jpeg);
    expect((await readFile(jpeg)).subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it('marks a broken WebM FAILED at once, with a reason, without retrying', async () => {
    const file = join(dir, 'broken.webm');
    await makeBrokenWebm(file);
    const id = await upload(file);
    const row = await videos.settled(id);
    expect(row).toMatchObject({ status: 'FAILED', reason: expect.stringMatching(/^The file is not a readable video \(.+\)$/) });
    expect(row.status === 'FAILED' && row.reason).not.toContain(tmpdir());
    expect(videos.calls.filter((call) => call === `find ${id}`)).toHaveLength(1);
    // The upload is left as it was for the owner to download or delete.
    expect((await store.stat(row.videoKey))?.size).toBe((await readFile(file)).length);
  });

  it('marks a file that is not a video FAILED, with a reason free of server paths', async () => {
    const file = join(dir, 'notes.txt');
    await writeFile(file, 'not a video\n'.repeat(50));
    const id = await upload(file);
    const row = await videos.settled(id);
    expect(row).toMatchObject({ status: 'FAILED', reason: expect.stringMatching(/^The file is not a (readable video|WebM video) \(.+\)$/) });
    expect(row.status === 'FAILED' && row.reason).not.toContain(tmpdir());
  });

  it('marks FAILED at once a Matroska file whose codec WebM cannot hold', async () => {
    const file = join(dir, 'foreign.mkv');
    await makeMatroskaWithForeignCodec(file);
    const id = await upload(file);
    expect(await videos.settled(id)).toMatchObject({
      status: 'FAILED',
      reason: 'The recording uses mpeg4, which a WebM video cannot hold (VP8, VP9 or AV1 with Opus or Vorbis)',
    });
    expect(videos.calls.filter((call) => call === `find ${id}`)).toHaveLength(1);
  });

  it('marks FAILED at once a video whose upload is missing from storage', async () => {
    const id = `lost-${randomUUID()}`;
    videos.rows.set(id, { status: 'PROCESSING', videoKey: `videos/${id}/original.webm` });
    await processing.queue.enqueue(id);
    expect(await videos.settled(id)).toMatchObject({ status: 'FAILED', reason: 'The uploaded file is missing' });
    expect(videos.calls.filter((call) => call === `find ${id}`)).toHaveLength(1);
  });

  it('retries an attempt that failed for a passing reason, then succeeds', async () => {
    const file = join(dir, 'flaky.webm');
    await makeRecordingLikeWebm(file, 1);
    const id = await upload(file, 'flaky');
    const row = await videos.settled(id);
    expect(row.status).toBe('READY');
    expect(videos.calls.filter((call) => call === `find ${id}`)).toHaveLength(2);
  });

  it('marks FAILED after the last retry, with the error a person can read', async () => {
    const file = join(dir, 'hopeless.webm');
    await makeRecordingLikeWebm(file, 1);
    const id = await upload(file, 'hopeless');
    const row = await videos.settled(id);
    expect(row).toMatchObject({
      status: 'FAILED',
      reason: expect.stringMatching(/^Processing failed after 2 attempts: .*simulated permanent ffmpeg trouble/),
    });
  });

  it('skips a video deleted before its job ran', async () => {
    const id = `gone-${randomUUID()}`;
    await processing.queue.enqueue(id);
    const file = join(dir, 'after.webm');
    await makeRecordingLikeWebm(file, 1);
    const next = await upload(file); // one worker, one job at a time: this one runs after
    expect((await videos.settled(next)).status).toBe('READY');
    expect(videos.calls.filter((call) => call.endsWith(id))).toEqual([`find ${id}`]);
  });
});
