// The processing queue and job alone: real pg-boss on a real (PGlite) database, real ffmpeg;
// only the videos and their media are an in-memory stand-in (files in a folder), since the API's
// own tests cover the real ones.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/platform/db/database';
import {
  createProcessing,
  type ProcessedFiles,
  type Processing,
  type ProcessingVideoStore,
  type StoryboardFile,
} from '../../src/platform/processing';
import {
  cuesLayout,
  makeBrokenWebm,
  makeMatroskaWithForeignCodec,
  makeRecordingLikeWebm,
  probedDuration,
  wrapFfmpeg,
} from '../support/processing-fixtures';
import {
  findVideo,
  insertVideo,
  raiseProcessingProgress,
  updateProcessingVideo,
} from '../../src/videos/video.repository';
import { openTestDatabase } from '../support/test-database';

type Row =
  | { status: 'PROCESSING'; upload: string }
  | {
      status: 'READY';
      upload: string;
      video: string;
      thumbnail: string;
      durationSeconds: number;
      sizeBytes: number;
      storyboard?: string;
    }
  | { status: 'FAILED'; upload: string; reason: string };

/** The videos and their media as the worker sees them, in memory and in the folder `dir`. */
class InMemoryVideos implements ProcessingVideoStore {
  readonly rows = new Map<string, Row>();
  readonly calls: string[] = [];

  constructor(private readonly dir: string) {}

  async findForProcessing(videoId: string) {
    this.calls.push(`find ${videoId}`);
    return this.rows.get(videoId)?.status === 'PROCESSING' ? { id: videoId } : undefined;
  }
  async fetchUpload(videoId: string, path: string) {
    const row = this.rows.get(videoId);
    if (!row) return false;
    return copyFile(row.upload, path).then(
      () => true,
      () => false,
    );
  }
  async markReady(videoId: string, files: ProcessedFiles) {
    this.calls.push(`ready ${videoId}`);
    const row = this.rows.get(videoId);
    if (row?.status !== 'PROCESSING') return undefined;
    const video = join(this.dir, `${videoId}-playable.webm`);
    const thumbnail = join(this.dir, `${videoId}-thumbnail.jpg`);
    await copyFile(files.video, video);
    await copyFile(files.thumbnail, thumbnail);
    const { size: sizeBytes } = await stat(video);
    this.rows.set(videoId, {
      status: 'READY',
      upload: row.upload,
      video,
      thumbnail,
      durationSeconds: files.durationSeconds,
      sizeBytes,
    });
    return { sizeBytes };
  }
  async addStoryboard(videoId: string, storyboard: StoryboardFile) {
    this.calls.push(`storyboard ${videoId}`);
    const row = this.rows.get(videoId);
    if (row?.status !== 'READY') return false;
    const sprite = join(this.dir, `${videoId}-storyboard.jpg`);
    await copyFile(storyboard.file, sprite);
    this.rows.set(videoId, { ...row, storyboard: sprite });
    return true;
  }
  async markFailed(videoId: string, reason: string) {
    this.calls.push(`failed ${videoId}`);
    const row = this.rows.get(videoId);
    if (row?.status === 'PROCESSING') this.rows.set(videoId, { status: 'FAILED', upload: row.upload, reason });
  }

  async settled(videoId: string, timeoutMs = 30_000): Promise<Row> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const row = this.rows.get(videoId);
      if (row && row.status !== 'PROCESSING') return row;
      if (Date.now() > until)
        throw new Error(`video ${videoId} still ${row?.status ?? 'missing'} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('video processing job (pg-boss on PGlite)', () => {
  let dir: string;
  let scratchDir: string;
  let database: AppDatabase;
  let processing: Processing;
  let videos: InMemoryVideos;

  /** Stores `file` as a new video's upload, PROCESSING, and queues it; the id carries `tag`. */
  async function upload(file: string, tag = 'plain'): Promise<string> {
    const id = `${tag}-${randomUUID()}`;
    const stored = join(dir, 'media', `${id}-upload`);
    await copyFile(file, stored);
    videos.rows.set(id, { status: 'PROCESSING', upload: stored });
    await processing.queue.enqueue(id);
    return id;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'processing-job-'));
    await mkdir(join(dir, 'media'));
    scratchDir = join(dir, 'scratch');
    videos = new InMemoryVideos(join(dir, 'media'));
    // ffmpeg as usual, except for videos tagged in their id (the job's temp dir carries the id):
    // "flaky" fails on its first run, "hopeless" always fails.
    const ffmpeg = await wrapFfmpeg(
      join(dir, 'ffmpeg'),
      `case "$*" in
  *flaky-*) if [ ! -e "${dir}/flaked" ]; then touch "${dir}/flaked"; echo "simulated crash of a flaky ffmpeg" >&2; exit 1; fi;;
  *hopeless-*) for last; do :; done; echo "simulated permanent ffmpeg trouble in $last" >&2; exit 1;;
esac`,
    );
    database = await openTestDatabase('pglite');
    processing = await createProcessing({
      config: { FFMPEG_PATH: ffmpeg, PROCESSING_RETRY_LIMIT: 1, PROCESSING_MAINTENANCE_SECONDS: 1 },
      executor: database.executor,
      videos,
      scratchDir,
      log: pino({ level: 'silent' }),
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
    expect(row.durationSeconds).toBeGreaterThan(2.9);
    expect(row.durationSeconds).toBeLessThan(3.2);
    expect(row.sizeBytes).toBe((await stat(row.video)).size);

    expect(await probedDuration(row.video)).toBeCloseTo(row.durationSeconds, 2);
    const layout = await cuesLayout(row.video);
    expect(layout.cues).toBeGreaterThan(0);
    expect(layout.cues).toBeLessThan(layout.firstCluster);

    expect((await readFile(row.thumbnail)).subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    // The hover previews follow READY (their cost grows with the length; READY's must not).
    await expect
      .poll(() => (videos.rows.get(id) as { storyboard?: string }).storyboard, { timeout: 10_000 })
      .toBeDefined();
    const { storyboard } = videos.rows.get(id) as { storyboard: string };
    expect((await readFile(storyboard)).subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const order = videos.calls.filter((call) => call.endsWith(` ${id}`) && !call.startsWith('find'));
    expect(order).toEqual([`ready ${id}`, `storyboard ${id}`]);
    // The job's files lived in the scratch folder under DATA_DIR and went with it.
    await expect.poll(() => readdir(scratchDir)).toEqual([]);
  });

  it('marks a broken WebM FAILED at once, with a reason, without retrying', async () => {
    const file = join(dir, 'broken.webm');
    await makeBrokenWebm(file);
    const id = await upload(file);
    const row = await videos.settled(id);
    expect(row).toMatchObject({
      status: 'FAILED',
      reason: expect.stringMatching(/^The file is not a readable video \(.+\)$/),
    });
    expect(row.status === 'FAILED' && row.reason).not.toContain(tmpdir());
    expect(videos.calls.filter((call) => call === `find ${id}`)).toHaveLength(1);
    // The upload is left as it was for the owner to download or delete.
    expect((await stat(row.upload)).size).toBe((await readFile(file)).length);
  });

  it('marks a file that is not a video FAILED, with a reason free of server paths', async () => {
    const file = join(dir, 'notes.txt');
    await writeFile(file, 'not a video\n'.repeat(50));
    const id = await upload(file);
    const row = await videos.settled(id);
    expect(row).toMatchObject({
      status: 'FAILED',
      reason: expect.stringMatching(/^The file is not a (readable video|WebM video) \(.+\)$/),
    });
    expect(row.status === 'FAILED' && row.reason).not.toContain(tmpdir());
  });

  // Any common file goes in: a Matroska file with a codec WebM cannot hold (which failed
  // before) is encoded to H.264 in an MP4, once.
  it('encodes to an H.264 MP4 a Matroska file whose codec WebM cannot hold', async () => {
    const file = join(dir, 'foreign.mkv');
    await makeMatroskaWithForeignCodec(file);
    const id = await upload(file);
    const row = await videos.settled(id);
    expect(row.status).toBe('READY');
    if (row.status !== 'READY') return;
    expect(row.durationSeconds).toBeCloseTo(1, 1);
    expect(await probedDuration(row.video)).toBeCloseTo(row.durationSeconds, 2);
    expect(videos.calls.filter((call) => call === `find ${id}`)).toHaveLength(1);
  });

  it('marks FAILED at once a video whose upload is missing from storage', async () => {
    const id = `lost-${randomUUID()}`;
    videos.rows.set(id, { status: 'PROCESSING', upload: join(dir, 'media', `${id}-never-stored`) });
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
    // What failed, in words: not the server's paths (the ffmpeg binary, the scratch folder).
    expect(row.status === 'FAILED' && row.reason).toBe(
      'Processing failed after 2 attempts: ffmpeg failed: simulated permanent ffmpeg trouble in remuxed.webm',
    );
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

  // The API's store of the figure, on this file's database: what a late or lower report does.
  it('keeps processing_progress only while PROCESSING and only rising; READY or FAILED clears it', async () => {
    const { db } = database;
    const progressOf = async (id: string) => (await findVideo(db, id))!.processing_progress;
    for (const end of ['READY', 'FAILED'] as const) {
      const id = `progress-${end}-${randomUUID()}`;
      await insertVideo(db, {
        id,
        user_id: 'u',
        title: 't',
        description: '',
        status: 'PROCESSING',
        visibility: 'PRIVATE',
      });
      const { updated_at: before } = (await findVideo(db, id))!;
      expect(await raiseProcessingProgress(db, id, 40)).toBe(true);
      expect(await raiseProcessingProgress(db, id, 25)).toBe(false); // a retried attempt starting over
      expect(await progressOf(id)).toBe(40);
      expect((await findVideo(db, id))!.updated_at).toEqual(before); // nothing of the video changed
      await updateProcessingVideo(db, id, { status: end });
      expect(await progressOf(id)).toBeNull();
      expect(await raiseProcessingProgress(db, id, 60)).toBe(false); // a report arriving after the end
      expect(await progressOf(id)).toBeNull();
    }
    expect(await raiseProcessingProgress(db, `missing-${randomUUID()}`, 10)).toBe(false);
  });
});
