// The worker as its own process (src/worker.ts as built for production) on a real PostgreSQL:
// a worker killed with SIGKILL in the middle of a job loses nothing; the job's timeout hands it
// to the next worker, which finishes it; a job whose last attempt dies with its worker still ends
// FAILED instead of PROCESSING forever; SIGTERM stops a worker cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { AppDatabase } from '../../src/platform/db/database';
import { findVideo } from '../../src/videos/video.repository';
import type { VideoRow } from '../../src/videos/video.table';
import { MediaService } from '../../src/videos/media.service';
import { createProcessing, GAVE_UP_REASON, type Processing } from '../../src/platform/processing';
import { createProcessingVideoStore } from '../../src/videos/processing-video-store';
import { VideoService } from '../../src/videos/video.service';
import { LocalBlobStore } from '../../src/platform/storage';
import { cuesLayout, makeRecordingLikeWebm, probedDuration, wrapFfmpeg } from '../support/processing-fixtures';
import { openTestDatabase } from '../support/test-database';
import { until } from '../support/until';
import { builtEntry } from '../support/built-api';

// The run's build of src/worker.ts (support/build-once.ts): plain node starts it without transpiling.
const workerScript = builtEntry('worker');
const quiet = pino({ level: 'silent' });

/** One deployment: a PostgreSQL database, a blob directory and the API side's queue. */
interface Deployment {
  database: AppDatabase & { url?: string };
  dataDir: string;
  store: LocalBlobStore;
  media: MediaService;
  videos: VideoService;
  producer: Processing;
  env: Record<string, string>;
}

describe('worker process on PostgreSQL', () => {
  let scratch: string;
  let recording: string;
  let slowFfmpeg: string;
  const deployments: Deployment[] = [];
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'worker-killed-'));
    recording = join(scratch, 'recording.webm');
    await makeRecordingLikeWebm(recording, 2);
    // An ffmpeg that announces itself, then hangs: the worker is certainly mid-job when killed.
    slowFfmpeg = await wrapFfmpeg(join(scratch, 'slow-ffmpeg'), `touch "$STREAM_TEST_MARKER"; sleep 60`);
  }, 60_000);

  afterAll(async () => {
    for (const child of children) killGroup(child, 'SIGKILL');
    for (const { producer, database, dataDir } of deployments) {
      await producer.stop().catch(() => undefined);
      await database.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  async function deploy(retryLimit: number): Promise<Deployment> {
    const database = await openTestDatabase('postgres');
    const dataDir = await mkdtemp(join(tmpdir(), 'worker-data-'));
    const store = new LocalBlobStore(join(dataDir, 'blobs'));
    const media = new MediaService({ db: database.db, store, log: quiet });
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      PROCESSING_TIMEOUT_SECONDS: '8',
      PROCESSING_MAINTENANCE_SECONDS: '1',
      PROCESSING_RETRY_LIMIT: String(retryLimit),
    };
    const producer = await createProcessing({
      config: { PROCESSING_TIMEOUT_SECONDS: 8, PROCESSING_MAINTENANCE_SECONDS: 1, PROCESSING_RETRY_LIMIT: retryLimit },
      executor: database.executor,
      videos: createProcessingVideoStore(database.db, media),
      scratchDir: join(dataDir, 'tmp', 'processing'),
      log: quiet,
    });
    const videos = new VideoService({ db: database.db, media, queue: producer.queue });
    const deployment = { database, dataDir, store, media, videos, producer, env };
    deployments.push(deployment);
    return deployment;
  }

  /** What the upload route does: store the upload, insert the row PROCESSING, queue the job. */
  async function upload({ videos }: Deployment): Promise<string> {
    const received = await videos.receiveUpload({ uid: 'owner-uid' }, createReadStream(recording), {
      title: 'Recording',
    });
    return (await received.accept()).id;
  }

  function startWorker(env: Record<string, string>): ChildProcess & { output: () => string } {
    const child = spawn(process.execPath, [workerScript], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ...env },
      detached: true, // its own process group, so a kill reaches the ffmpeg it started too
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    children.add(child);
    child.once('exit', () => children.delete(child));
    return Object.assign(child, { output: () => output });
  }

  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });

  async function killMidJob(deployment: Deployment): Promise<void> {
    const marker = join(scratch, `marker-${randomUUID()}`);
    const doomed = startWorker({ ...deployment.env, FFMPEG_PATH: slowFfmpeg, STREAM_TEST_MARKER: marker });
    await until('the first worker to reach ffmpeg', () => (existsSync(marker) ? true : undefined), 30_000).catch(
      (error) => {
        throw new Error(`${(error as Error).message}; worker output:\n${doomed.output()}`);
      },
    );
    killGroup(doomed, 'SIGKILL');
    await exited(doomed);
  }

  const settled = (deployment: Deployment, id: string) =>
    until<VideoRow>(`video ${id} to leave PROCESSING`, async () => {
      const row = await findVideo(deployment.database.db, id);
      return row && row.status !== 'PROCESSING' ? row : undefined;
    });

  // The two kill scenarios use separate databases and workers, so they run side by side.
  it.concurrent(
    'finishes the job of a worker killed mid-job once another worker runs',
    async () => {
      const deployment = await deploy(2);
      const id = await upload(deployment);
      await killMidJob(deployment);
      expect((await findVideo(deployment.database.db, id))?.status).toBe('PROCESSING');

      const rescuer = startWorker(deployment.env);
      const row = await settled(deployment, id).catch((error) => {
        throw new Error(`${(error as Error).message}; worker output:\n${rescuer.output()}`);
      });
      expect(row.status).toBe('READY');
      expect(row.duration_seconds).toBeGreaterThan(1.9);
      expect(row.duration_seconds).toBeLessThan(2.2);
      const stored = join(scratch, `${id}.webm`);
      expect(await deployment.media.download(id, ['playable'], stored)).toBe(true);
      expect(await probedDuration(stored)).toBeCloseTo(row.duration_seconds!, 2);
      expect((await cuesLayout(stored)).cues).toBeGreaterThan(0);
      expect(Number(row.size_bytes)).toBe((await stat(stored)).size);
      expect(await deployment.media.open(id, ['thumbnail'])).toBeDefined();
      // The upload made way for its remux, and the killed worker's scratch folder is gone (the
      // rescuer's own goes once its storyboard, made just after READY, is stored).
      expect(await deployment.media.open(id, ['original'])).toBeUndefined();
      await until('the scratch folders to go', async () =>
        (await readdir(join(deployment.dataDir, 'tmp', 'processing'))).length === 0 ? true : undefined,
      );

      rescuer.kill('SIGTERM');
      expect(await exited(rescuer)).toBe(0);
      expect(rescuer.output()).toContain('worker stopping');
    },
    90_000,
  );

  it.concurrent(
    'marks FAILED a video whose last attempt died with its worker',
    async () => {
      const deployment = await deploy(0);
      const id = await upload(deployment);
      await killMidJob(deployment);

      const survivor = startWorker(deployment.env);
      const row = await settled(deployment, id).catch((error) => {
        throw new Error(`${(error as Error).message}; worker output:\n${survivor.output()}`);
      });
      expect(row).toMatchObject({ status: 'FAILED', failure_reason: GAVE_UP_REASON });
      survivor.kill('SIGTERM');
      expect(await exited(survivor)).toBe(0);
    },
    90_000,
  );

  it('refuses to start as its own process on the embedded database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'worker-embedded-'));
    try {
      const worker = startWorker({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(await exited(worker)).toBe(1);
      expect(worker.output()).toContain('DATABASE_URL: a separate worker needs PostgreSQL');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
