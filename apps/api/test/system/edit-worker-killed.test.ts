// An edit's render in a worker process (src/worker.ts as built) on a real PostgreSQL: a worker killed with
// SIGKILL mid-render loses nothing; the job's timeout hands the render to the next worker, which
// lands it, while the unedited video stays what plays until then.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/platform/db/database';
import { findVideo } from '../../src/videos/video.repository';
import { MediaService } from '../../src/videos/media.service';
import { createProcessing, type Processing } from '../../src/platform/processing';
import { EditService } from '../../src/edits/edit.service';
import { createProcessingVideoStore } from '../../src/videos/processing-video-store';
import { VideoService } from '../../src/videos/video.service';
import { LocalBlobStore } from '../../src/platform/storage';
import { durations, FPS, makeEditableWebm } from '../support/edit-fixtures';
import { wrapFfmpeg } from '../support/processing-fixtures';
import { openTestDatabase } from '../support/test-database';
import { until } from '../support/until';
import { builtEntry } from '../support/built-api';

// The run's build of src/worker.ts (support/build-once.ts): plain node starts it without transpiling.
const workerScript = builtEntry('worker');
const quiet = pino({ level: 'silent' });
const owner = { uid: 'owner-uid' };

describe('an edit render whose worker is killed, on PostgreSQL', () => {
  let scratch: string;
  let recording: string;
  let slowFfmpeg: string;
  let database: AppDatabase & { url?: string };
  let dataDir: string;
  let producer: Processing;
  let media: MediaService;
  let videos: VideoService;
  let edits: EditService;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'edit-killed-'));
    recording = join(scratch, 'recording.webm');
    await makeEditableWebm(recording, { seconds: 6 });
    slowFfmpeg = await wrapFfmpeg(join(scratch, 'slow-ffmpeg'), `touch "$STREAM_TEST_MARKER"; sleep 60`);
    database = await openTestDatabase('postgres');
    dataDir = await mkdtemp(join(tmpdir(), 'edit-killed-data-'));
    media = new MediaService({ db: database.db, store: new LocalBlobStore(join(dataDir, 'blobs')), log: quiet });
    // This process's worker processes uploads only: without `edits` it takes no render.
    producer = await createProcessing({
      config: { PROCESSING_TIMEOUT_SECONDS: 8, PROCESSING_MAINTENANCE_SECONDS: 1, PROCESSING_RETRY_LIMIT: 2 },
      executor: database.executor,
      videos: createProcessingVideoStore(database.db, media),
      scratchDir: join(dataDir, 'tmp', 'processing'),
      log: quiet,
    });
    await producer.startWorker();
    videos = new VideoService({ db: database.db, media, queue: producer.queue });
    edits = new EditService({ db: database.db, media, videos, renders: producer.renders, log: quiet });
  }, 120_000);

  afterAll(async () => {
    for (const child of children) killGroup(child, 'SIGKILL');
    await producer?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    for (const dir of [dataDir, scratch]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  function startWorker(env: Record<string, string>): ChildProcess & { output: () => string } {
    const child = spawn(process.execPath, [workerScript], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        PROCESSING_TIMEOUT_SECONDS: '8',
        PROCESSING_MAINTENANCE_SECONDS: '1',
        PROCESSING_RETRY_LIMIT: '2',
        ...env,
      },
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
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });

  it('lands the render of a worker killed mid-job once another worker runs', async () => {
    const received = await videos.receiveUpload(owner, createReadStream(recording), { title: 'Recording' });
    const id = (await received.accept()).id;
    await until('the upload to be processed', async () => {
      const row = await findVideo(database.db, id);
      return row?.status === 'READY' ? row : undefined;
    });

    await edits.save(owner, id, [
      { start: 1, end: 2.5 },
      { start: 3.1, end: 5 },
    ]);
    const marker = join(scratch, 'marker');
    const doomed = startWorker({ FFMPEG_PATH: slowFfmpeg, STREAM_TEST_MARKER: marker });
    await until('the doomed worker to reach ffmpeg', () => (existsSync(marker) ? true : undefined), 30_000).catch(
      (error) => {
        throw new Error(`${(error as Error).message}; worker output:\n${doomed.output()}`);
      },
    );
    killGroup(doomed, 'SIGKILL');
    await exited(doomed);
    const during = await findVideo(database.db, id);
    expect(during?.edit_state).toBe('APPLYING');
    expect(await media.open(id, ['edited'])).toBeUndefined();

    const rescuer = startWorker({});
    const row = await until(
      'the edit to land',
      async () => {
        const found = await findVideo(database.db, id);
        return found?.edit_state !== 'APPLYING' ? found : undefined;
      },
      60_000,
    ).catch((error) => {
      throw new Error(`${(error as Error).message}; worker output:\n${rescuer.output()}`);
    });
    expect(row?.edit_state).toBe('APPLIED');
    expect(Math.abs(row!.edited_duration_seconds! - 3.4)).toBeLessThan(1 / FPS);
    const file = join(scratch, 'edited.webm');
    expect(await media.download(id, ['edited'], file)).toBe(true);
    expect(Math.abs((await durations(file)).video - 3.4)).toBeLessThan(1 / FPS);
    // The unedited version is still there for a revert, and the killed worker's scratch is gone.
    expect(await media.open(id, ['playable'])).toBeDefined();
    // (The rescuer may be making the edited version's MP4 rendition meanwhile: its own
    // scratch folder is named after its pid and may still be there.)
    const left = await readdir(join(dataDir, 'tmp', 'processing'));
    expect(left.filter((name) => name.startsWith(`${doomed.pid}.`))).toEqual([]);
    expect(left.filter((name) => !name.startsWith(`${rescuer.pid}.`))).toEqual([]);
    killGroup(rescuer, 'SIGTERM');
    await exited(rescuer);
  }, 120_000);
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
