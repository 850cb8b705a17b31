// The API as its own process (src/main.ts, on the embedded database), killed with SIGKILL in the
// middle of an upload and in the middle of processing, then started again on the same DATA_DIR: no
// partial file, no empty folder and no job scratch remain, nothing stays PROCESSING, and every
// upload that had finished is intact.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeRecordingLikeWebm, wrapFfmpeg } from '../support/processing-fixtures';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { filesUnder, multipartBody, uploadVideo } from '../support/upload';
import { until, untilProcessed } from '../support/until';
import { killGroup, startKillableApi } from '../support/killable-api';

/** Every folder under `dir` that holds nothing. */
function emptyFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(join(entry.parentPath, entry.name)).length === 0)
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the API killed mid-upload and mid-processing, then restarted', () => {
  let emulator: AuthEmulator;
  let user: TestUser;
  let scratch: string;
  let recording: Buffer;
  let slowFfmpeg: string;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'api-killed-'));
    const file = join(scratch, 'recording.webm');
    const [started] = await Promise.all([startAuthEmulator(), makeRecordingLikeWebm(file, 2)]);
    emulator = started;
    recording = readFileSync(file);
    user = await newTestUser(emulator.host);
    // An ffmpeg that announces itself, then hangs: the job is certainly running when the API dies.
    slowFfmpeg = await wrapFfmpeg(join(scratch, 'slow-ffmpeg'), `touch "$STREAM_TEST_MARKER"; sleep 60`);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) killGroup(child);
    await emulator?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  /** Starts the API on `dataDir`; resolves once it answers HTTP. */
  const startApi = (dataDir: string, env: Record<string, string> = {}) =>
    startKillableApi({
      dataDir,
      emulatorHost: emulator.host,
      children,
      env: { PROCESSING_TIMEOUT_SECONDS: '6', PROCESSING_MAINTENANCE_SECONDS: '1', ...env },
    });

  async function kill(child: ChildProcess) {
    const exited = new Promise((done) => child.once('exit', done));
    killGroup(child);
    await exited;
  }

  it('removes an interrupted upload and keeps a finished one intact', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'api-killed-upload-'));
    try {
      const first = await startApi(dataDir, { WORKER: 'false' });
      const finished = await uploadVideo(first.baseUrl, recording, { token: user.idToken });
      expect(finished.status).toBe(201);

      // An upload that has stored half its file when the API dies.
      const { head, contentType } = multipartBody(recording);
      const hanging = request(`${first.baseUrl}/api/videoservice/upload`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          'content-length': String(head.length + recording.length + 100),
          authorization: `Bearer ${user.idToken}`,
        },
      });
      hanging.on('error', () => undefined);
      hanging.write(head);
      hanging.write(recording.subarray(0, recording.length / 2));
      const blobs = join(dataDir, 'blobs');
      await until('a partial file', () =>
        filesUnder(blobs).some((file) => file.endsWith('.partial')) ? true : undefined,
      );
      await kill(first.child);
      hanging.destroy();
      expect(filesUnder(blobs).filter((file) => file.endsWith('.partial'))).toHaveLength(1);

      const second = await startApi(dataDir, { WORKER: 'false' });
      try {
        expect(filesUnder(blobs).filter((file) => file.endsWith('.partial'))).toEqual([]);
        expect(emptyFolders(blobs)).toEqual([]);
        const client = videoClient(second.baseUrl, { token: user.idToken });
        const listed = await client.listVideos({ pageSize: 100 });
        expect(listed.videos.map((video) => video.id)).toContain(finished.json.video!.id);
        const video = await client.getVideo({ videoId: finished.json.video!.id });
        const body = Buffer.from(await (await fetch(`${second.baseUrl}${video.url}`)).arrayBuffer());
        expect(body.equals(recording)).toBe(true);
      } finally {
        await kill(second.child);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('removes the scratch of a job that died with the API and finishes the video', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'api-killed-processing-'));
    try {
      const marker = join(scratch, `marker-${randomUUID()}`);
      const first = await startApi(dataDir, { FFMPEG_PATH: slowFfmpeg, STREAM_TEST_MARKER: marker });
      const uploaded = await uploadVideo(first.baseUrl, recording, { token: user.idToken });
      expect(uploaded.status).toBe(201);
      const id = uploaded.json.video!.id;
      await until('the job to reach ffmpeg', () => (existsSync(marker) ? true : undefined));
      const scratchDir = join(dataDir, 'tmp', 'processing');
      expect(readdirSync(scratchDir)).toHaveLength(1);
      await kill(first.child);

      const second = await startApi(dataDir);
      try {
        expect(readdirSync(scratchDir)).toEqual([]);
        const client = videoClient(second.baseUrl, { token: user.idToken });
        const video = await untilProcessed(client, id, second.output);
        expect(video.status).toBe(Status.READY);
        expect(video.durationSeconds).toBeGreaterThan(1.9);
        const body = Buffer.from(await (await fetch(`${second.baseUrl}${video.url}`)).arrayBuffer());
        expect(BigInt(body.length)).toBe(video.sizeBytes);
        // The job marks the video READY, then removes its own scratch: allow it that moment.
        await vi.waitFor(() => expect(readdirSync(scratchDir)).toEqual([]), { timeout: 5000, interval: 50 });
        expect(filesUnder(join(dataDir, 'blobs')).filter((file) => file.endsWith('.partial'))).toEqual([]);
      } finally {
        await kill(second.child);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
