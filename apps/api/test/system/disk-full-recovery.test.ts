// A full disk under the embedded database and the worker: DATA_DIR on a 64 MiB
// tmpfs, five 6 MB uploads. ffmpeg met ENOSPC, then PGlite could not extend a file inside a
// pg-boss query, the error went uncaught and the process exited; the videos that failed stayed
// FAILED for good. Now the API keeps running, refuses new uploads with 507 while space is short,
// keeps serving what it has, and once space returns (the tmpfs grown) finishes the waiting videos
// by itself. Needs root to mount the tmpfs; elsewhere the suite is skipped with that reason.
import type { ChildProcess } from 'node:child_process';
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, statfsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { wrapFfmpeg } from '../support/processing-fixtures';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { killGroup, startKillableApi, type KillableApi } from '../support/killable-api';
import { mountTmpfs } from '../support/tmpfs';
import { uploadVideo } from '../support/upload';
import { until } from '../support/until';

const run = promisify(execFile);
const disk = mountTmpfs('stream-disk-full-', '64m');
const mountPoint = disk.path;
const mounted = disk.mounted;

/** A 4 s VP8 WebM of noise at 12 Mbit/s: about 6 MB that no encoder can shrink. */
async function sixMegabyteWebm(path: string): Promise<void> {
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=25,noise=alls=60:allf=t', '-t', '4'],
    ...['-c:v', 'libvpx', '-b:v', '12M', '-minrate', '12M', '-maxrate', '12M', '-deadline', 'realtime'],
    ...['-cpu-used', '8', '-f', 'webm', path],
  ]);
}

describe.skipIf(!mounted)('a full disk under the embedded database (needs root to mount a 64 MiB tmpfs)', () => {
  let emulator: AuthEmulator;
  let user: TestUser;
  let api: KillableApi;
  let scratch: string;
  let recording: Buffer;
  let go: string;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'disk-full-recovery-'));
    const [started] = await Promise.all([startAuthEmulator(), sixMegabyteWebm(join(scratch, 'recording.webm'))]);
    emulator = started;
    recording = readFileSync(join(scratch, 'recording.webm'));
    user = await newTestUser(emulator.host);
    go = join(scratch, 'go');
    // An ffmpeg that waits for the go: the uploads are stored before processing needs room.
    const ffmpeg = await wrapFfmpeg(join(scratch, 'ffmpeg'), `while [ ! -e "${go}" ]; do sleep 0.2; done`);
    api = await startKillableApi({
      dataDir: mountPoint,
      emulatorHost: emulator.host,
      children,
      env: { WEB_DIST: join(scratch, 'no-web-app'), PROCESSING_MAINTENANCE_SECONDS: '1', FFMPEG_PATH: ffmpeg },
    });
  }, 180_000);

  afterAll(async () => {
    for (const child of children) killGroup(child);
    await emulator?.stop();
    await new Promise((done) => setTimeout(done, 500));
    disk.remove();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('stays up, answers 507 while space is short, and finishes the videos once space returns', async () => {
    const client = videoClient(api.baseUrl, { token: user.idToken });
    // A call that never answers ends in the test's timeout, which says nothing of where: this does.
    let step = 'storing two recordings';
    onTestFailed(() =>
      console.error(`The test failed while ${step}. The API's output (its end):\n${api.output().slice(-20_000)}`),
    );
    // Two recordings stored; their processing waits for the go.
    const stored: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await uploadVideo(api.baseUrl, recording, { token: user.idToken });
      expect(answer.status).toBe(201);
      stored.push(answer.json.video!.id);
    }
    // Now the disk fills up (another program, a log), and processing starts on it.
    const { bavail, bsize } = statfsSync(mountPoint);
    writeFileSync(join(mountPoint, 'ballast'), Buffer.alloc(bavail * bsize));
    writeFileSync(go, '');
    step = 'uploading to the full disk';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await uploadVideo(api.baseUrl, recording, { token: user.idToken });
      statuses.push(answer.status);
      expect(answer.json.message).toMatch(/no room/i);
    }
    expect(statuses).toEqual([507, 507, 507]);
    await new Promise((done) => setTimeout(done, 10_000)); // every attempt processing makes meets the full disk
    expect(api.child.exitCode, api.output()).toBeNull();

    // Reads go on: the list, a video, its stream.
    step = 'reading from the full disk';
    const listed = await client.listVideos({ pageSize: 10 });
    expect(listed.videos.map((video) => video.id).sort()).toEqual([...stored].sort());
    const first = await client.getVideo({ videoId: stored[0]! });
    expect(first.status).toBe(Status.PROCESSING); // waiting for room, not FAILED
    const stream = await fetch(new URL(first.url, api.baseUrl), { headers: { range: 'bytes=0-99' } });
    expect(stream.status).toBe(206);
    expect((await stream.arrayBuffer()).byteLength).toBe(100);

    // Space returns: both videos end READY without anyone asking, and uploads are taken again.
    execFileSync('mount', ['-o', 'remount,size=256m', mountPoint]);
    step = 'waiting for the videos to be READY once space returned';
    for (const id of stored) {
      const video = await until(
        `video ${id} to be READY`,
        async () => {
          const current = await client.getVideo({ videoId: id });
          return current.status === Status.READY ? current : undefined;
        },
        90_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; output:\n${api.output()}`);
      });
      expect(video.durationSeconds).toBeGreaterThan(3.5);
    }
    step = 'uploading once space returned';
    const after = await uploadVideo(api.baseUrl, recording, { token: user.idToken });
    expect(after.status).toBe(201);
    expect(api.child.exitCode).toBeNull();
  }, 300_000);
});
