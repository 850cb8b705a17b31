// Media tools die with the process that started them: the API (PGlite) or a worker process
// (PostgreSQL) killed with SIGKILL (its pid alone, as an operator's `kill -9` or the OOM killer
// does, not its process group) leaves no ffmpeg running, and the restarted process finishes the job; a tool a killed process left behind anyway (a
// platform without a parent-death signal) is ended when the next process starts on that DATA_DIR,
// while a tool of another DATA_DIR is left alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVideo } from '../../src/videos/video.repository';
import { MediaService } from '../../src/videos/media.service';
import { dataDirId } from '../../src/platform/media/media-tool-owner';
import { createProcessing } from '../../src/platform/processing';
import { createProcessingVideoStore } from '../../src/videos/processing-video-store';
import { VideoService } from '../../src/videos/video.service';
import { LocalBlobStore } from '../../src/platform/storage';
import { FFMPEG, makeRecordingLikeWebm, wrapFfmpeg } from '../support/processing-fixtures';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { killGroup, startKillableApi } from '../support/killable-api';
import { openTestDatabase } from '../support/test-database';
import { uploadVideo } from '../support/upload';
import { until, untilProcessed } from '../support/until';
import { builtEntry } from '../support/built-api';

/** The live (not zombie) processes whose environment holds `entry` (`NAME=value`), with their names. */
function processesWith(entry: string): { pid: number; name: string }[] {
  const found: { pid: number; name: string }[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      if (!environ.includes(entry)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.push({ pid: Number(pid), name: readFileSync(`/proc/${pid}/comm`, 'latin1').trim() });
    } catch {
      // another user's process, or one that ended meanwhile
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
};

describe.runIf(process.platform === 'linux')('media tools of a killed process', () => {
  let emulator: AuthEmulator;
  let user: TestUser;
  let scratch: string;
  let recording: Buffer;
  let longFfmpeg: string;
  const children = new Set<ChildProcess>();
  const strays = new Set<number>();

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'media-tools-killed-'));
    const file = join(scratch, 'recording.webm');
    const [started] = await Promise.all([startAuthEmulator(), makeRecordingLikeWebm(file, 2)]);
    emulator = started;
    recording = readFileSync(file);
    user = await newTestUser(emulator.host);
    // A real ffmpeg that announces itself, then runs for two minutes whatever the job asked (an
    // almost idle one: silence, read at its own pace), as a long transcode would.
    longFfmpeg = await wrapFfmpeg(
      join(scratch, 'long-ffmpeg'),
      `touch "$STREAM_TEST_MARKER"\nexec ${FFMPEG} -hide_banner -nostdin -v error -re -f lavfi -i anullsrc -t 120 -f null -`,
    );
  }, 120_000);

  afterAll(async () => {
    for (const child of children) killGroup(child);
    for (const pid of strays) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await emulator?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const startApi = (dataDir: string, env: Record<string, string> = {}) =>
    startKillableApi({
      dataDir,
      emulatorHost: emulator.host,
      children,
      env: { PROCESSING_TIMEOUT_SECONDS: '6', PROCESSING_MAINTENANCE_SECONDS: '1', ...env },
    });

  it('leaves no ffmpeg running 10 s after the API died, and the restarted API finishes the job', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'media-tools-killed-api-'));
    try {
      const marker = join(scratch, `marker-${randomUUID()}`);
      const markerEntry = `STREAM_TEST_MARKER=${marker}`;
      const first = await startApi(dataDir, { FFMPEG_PATH: longFfmpeg, STREAM_TEST_MARKER: marker });
      const uploaded = await uploadVideo(first.baseUrl, recording, { token: user.idToken });
      expect(uploaded.status).toBe(201);
      const id = uploaded.json.video!.id;
      await until('the job to reach ffmpeg', () => (existsSync(marker) ? true : undefined));
      const running = await until('the job ffmpeg to run', () => {
        const tools = processesWith(markerEntry).filter((tool) => tool.name === 'ffmpeg');
        return tools.length ? tools : undefined;
      });
      for (const tool of running) strays.add(tool.pid);

      // The API's pid alone: its process group (and so the ffmpeg in it) gets nothing.
      const exited = new Promise((done) => first.child.once('exit', done));
      process.kill(first.child.pid!, 'SIGKILL');
      await exited;
      const died = Date.now();
      await until(
        'no media tool of the killed API to run',
        () => (processesWith(markerEntry).length === 0 ? true : undefined),
        10_000,
      ).catch(() => {
        throw new Error(
          `still running ${Date.now() - died} ms after the API died: ${JSON.stringify(processesWith(markerEntry))}`,
        );
      });

      const second = await startApi(dataDir);
      try {
        const client = videoClient(second.baseUrl, { token: user.idToken });
        const video = await untilProcessed(client, id, second.output);
        expect(video.status).toBe(Status.READY);
        expect(video.durationSeconds).toBeGreaterThan(1.9);
      } finally {
        killGroup(second.child);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('leaves no ffmpeg running 10 s after a worker process died, and the next worker finishes the job', async () => {
    const database = await openTestDatabase('postgres');
    const dataDir = await mkdtemp(join(tmpdir(), 'media-tools-killed-worker-'));
    const quiet = pino({ level: 'silent' });
    const timing = { PROCESSING_TIMEOUT_SECONDS: 6, PROCESSING_MAINTENANCE_SECONDS: 1, PROCESSING_RETRY_LIMIT: 2 };
    const media = new MediaService({ db: database.db, store: new LocalBlobStore(join(dataDir, 'blobs')), log: quiet });
    const producer = await createProcessing({
      config: timing,
      executor: database.executor,
      videos: createProcessingVideoStore(database.db, media),
      scratchDir: join(dataDir, 'tmp', 'processing'),
      log: quiet,
    });
    const startWorker = (env: Record<string, string> = {}) => {
      const child = spawn(process.execPath, [builtEntry('worker')], {
        cwd: resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          DATABASE_URL: database.url!,
          DATA_DIR: dataDir,
          ...Object.fromEntries(Object.entries(timing).map(([name, value]) => [name, String(value)])),
          ...env,
        },
        detached: true,
        stdio: 'ignore',
      });
      children.add(child);
      child.once('exit', () => children.delete(child));
      return child;
    };
    try {
      const videos = new VideoService({ db: database.db, media, queue: producer.queue });
      const received = await videos.receiveUpload(
        { uid: 'owner-uid' },
        createReadStream(join(scratch, 'recording.webm')),
        {
          title: 'Recording',
        },
      );
      const id = (await received.accept()).id;
      const marker = join(scratch, `marker-${randomUUID()}`);
      const markerEntry = `STREAM_TEST_MARKER=${marker}`;
      const doomed = startWorker({ FFMPEG_PATH: longFfmpeg, STREAM_TEST_MARKER: marker });
      await until('the job ffmpeg to run', () =>
        processesWith(markerEntry).some((tool) => tool.name === 'ffmpeg') ? true : undefined,
      );
      for (const tool of processesWith(markerEntry)) strays.add(tool.pid);
      const exited = new Promise((done) => doomed.once('exit', done));
      process.kill(doomed.pid!, 'SIGKILL'); // the worker's pid alone
      await exited;
      await until(
        'no media tool of the killed worker to run',
        () => (processesWith(markerEntry).length === 0 ? true : undefined),
        10_000,
      ).catch(() => {
        throw new Error(`still running 10 s after the worker died: ${JSON.stringify(processesWith(markerEntry))}`);
      });

      const rescuer = startWorker();
      const row = await until('the video to leave PROCESSING', async () => {
        const current = await findVideo(database.db, id);
        return current && current.status !== 'PROCESSING' ? current : undefined;
      });
      expect(row.status).toBe('READY');
      killGroup(rescuer);
    } finally {
      await producer.stop().catch(() => undefined);
      await database.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it("ends at start-up the tools a gone process of the same DATA_DIR left running, and no one else's", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'media-tools-leftover-'));
    const otherDataDir = join(scratch, 'another-deployment');
    try {
      // A `sleep` marked as a tool of `ofDataDir` whose owner, the shell, is gone: an orphan like a
      // tool its killed process left.
      const orphan = (ofDataDir: string) =>
        new Promise<number>((resolve, reject) => {
          const shell = spawn(
            'sh',
            ['-c', 'STREAM_MEDIA_OWNER="$OWNER_ID/$$.0badc0de" sleep 300 >/dev/null 2>&1 & echo $!'],
            {
              env: { ...process.env, OWNER_ID: dataDirId(ofDataDir) },
              stdio: ['ignore', 'pipe', 'ignore'],
            },
          );
          let out = '';
          shell.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
          shell.once('error', reject);
          shell.once('close', () => {
            const pid = Number(out.trim());
            strays.add(pid);
            resolve(pid);
          });
        });
      const ours = await orphan(dataDir);
      const theirs = await orphan(otherDataDir);
      expect(alive(ours)).toBe(true);
      expect(alive(theirs)).toBe(true);

      const api = await startApi(dataDir, { WORKER: 'false' });
      try {
        await until('the leftover tool to be ended', () => (alive(ours) ? undefined : true), 10_000);
        expect(alive(theirs)).toBe(true);
        expect(api.output()).toContain('ended media tools a killed process left running');
      } finally {
        killGroup(api.child);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
