// A job whose worker is killed with SIGKILL is handed back as soon as a process sees the worker
// gone, not at the job's expiry: with the default PROCESSING_TIMEOUT_SECONDS (300), a video whose
// processing died with the API is READY within 30 s of the restart, and an edit whose render died
// with its worker process lands within 30 s of another worker starting. Workers beat in
// `job_workers` and claim their jobs in `job_claims` (src/platform/processing/job-heartbeat.ts).
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVideo } from '../../src/videos/video.repository';
import { MediaService } from '../../src/videos/media.service';
import { createProcessing } from '../../src/platform/processing';
import { EditService } from '../../src/edits/edit.service';
import { createProcessingVideoStore } from '../../src/videos/processing-video-store';
import { VideoService } from '../../src/videos/video.service';
import { LocalBlobStore } from '../../src/platform/storage';
import { makeEditableWebm } from '../support/edit-fixtures';
import { makeRecordingLikeWebm, wrapFfmpeg } from '../support/processing-fixtures';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { killGroup, startKillableApi } from '../support/killable-api';
import { openTestDatabase } from '../support/test-database';
import { uploadVideo } from '../support/upload';
import { until } from '../support/until';
import { builtEntry } from '../support/built-api';

// The run's build of src/worker.ts (support/build-once.ts): plain node starts it without transpiling.
const workerScript = builtEntry('worker');
const quiet = pino({ level: 'silent' });

describe('jobs of a worker killed with SIGKILL, with the default 300 s job expiry', () => {
  let emulator: AuthEmulator;
  let user: TestUser;
  let scratch: string;
  let slowFfmpeg: string;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'jobs-worker-gone-'));
    emulator = await startAuthEmulator();
    user = await newTestUser(emulator.host);
    // An ffmpeg that announces itself, then hangs: the job is certainly running when its worker dies.
    slowFfmpeg = await wrapFfmpeg(join(scratch, 'slow-ffmpeg'), `touch "$STREAM_TEST_MARKER"; sleep 120`);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) killGroup(child);
    await emulator?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const exited = (child: ChildProcess) =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) done();
      else child.once('exit', () => done());
    });

  it('finishes the processing that died with the API within 30 s of its restart', async () => {
    const dataDir = join(scratch, 'api-data');
    const file = join(scratch, 'recording.webm');
    await makeRecordingLikeWebm(file, 2);
    const marker = join(scratch, `marker-${randomUUID()}`);
    const first = await startKillableApi({
      dataDir,
      emulatorHost: emulator.host,
      children,
      env: { FFMPEG_PATH: slowFfmpeg, STREAM_TEST_MARKER: marker },
    });
    const uploaded = await uploadVideo(first.baseUrl, readFileSync(file), { token: user.idToken });
    expect(uploaded.status).toBe(201);
    const id = uploaded.json.video!.id;
    await until('the job to reach ffmpeg', () => (existsSync(marker) ? true : undefined));
    killGroup(first.child);
    await exited(first.child);

    const second = await startKillableApi({ dataDir, emulatorHost: emulator.host, children });
    const restarted = Date.now();
    const client = videoClient(second.baseUrl, { token: user.idToken });
    const video = await until(
      'the video to be READY',
      async () => {
        const current = await client.getVideo({ videoId: id });
        return current.status === Status.PROCESSING ? undefined : current;
      },
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; output:\n${second.output()}`);
    });
    expect(video.status).toBe(Status.READY);
    expect(Date.now() - restarted).toBeLessThan(30_000);
    killGroup(second.child);
    await exited(second.child);
  }, 180_000);

  it('lands the edit whose render died with its worker process within 30 s of another worker starting', async () => {
    const database = await openTestDatabase('postgres');
    const dataDir = join(scratch, 'worker-data');
    const media = new MediaService({ db: database.db, store: new LocalBlobStore(join(dataDir, 'blobs')), log: quiet });
    // This process processes uploads only: without `edits` it takes no render.
    const producer = await createProcessing({
      config: {},
      executor: database.executor,
      videos: createProcessingVideoStore(database.db, media),
      scratchDir: join(dataDir, 'tmp', 'processing'),
      log: quiet,
    });
    try {
      await producer.startWorker();
      const videos = new VideoService({ db: database.db, media, queue: producer.queue });
      const edits = new EditService({ db: database.db, media, videos, renders: producer.renders, log: quiet });
      const recording = join(scratch, 'editable.webm');
      await makeEditableWebm(recording, { seconds: 6 });
      const owner = { uid: 'owner-uid' };
      const received = await videos.receiveUpload(owner, createReadStream(recording), { title: 'Recording' });
      const id = (await received.accept()).id;
      await until('the upload to be processed', async () =>
        (await findVideo(database.db, id))?.status === 'READY' ? true : undefined,
      );
      await edits.save(owner, id, [{ start: 1, end: 4 }]);

      const startWorker = (env: Record<string, string>) => {
        const child = spawn(process.execPath, [workerScript], {
          cwd: resolve(import.meta.dirname, '../..'),
          env: { ...process.env, DATABASE_URL: database.url!, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
        child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
        children.add(child);
        child.once('exit', () => children.delete(child));
        return Object.assign(child, { output: () => output });
      };
      const marker = join(scratch, `marker-${randomUUID()}`);
      const doomed = startWorker({ FFMPEG_PATH: slowFfmpeg, STREAM_TEST_MARKER: marker });
      await until('the render to reach ffmpeg', () => (existsSync(marker) ? true : undefined));
      killGroup(doomed);
      await exited(doomed);
      expect((await findVideo(database.db, id))?.edit_state).toBe('APPLYING');

      const rescuer = startWorker({});
      const started = Date.now();
      const row = await until(
        'the edit to land',
        async () => {
          const found = await findVideo(database.db, id);
          return found?.edit_state !== 'APPLYING' ? found : undefined;
        },
        30_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; worker output:\n${rescuer.output()}`);
      });
      expect(row?.edit_state).toBe('APPLIED');
      expect(Date.now() - started).toBeLessThan(30_000);
      killGroup(rescuer);
      await exited(rescuer);
    } finally {
      await producer.stop().catch(() => undefined);
      await database.close().catch(() => undefined);
    }
  }, 180_000);
});
