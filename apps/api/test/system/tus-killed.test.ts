// The API as its own process, killed with SIGKILL while a recording is arriving through tus (a
// PATCH half sent), then started again on the same DATA_DIR and bucket: HEAD answers the
// offset the disk holds (local storage: what of the cut-off PATCH reached the file) or the bucket
// holds (S3: the PATCHes that ended; one cut off stored nothing of itself), the upload continues
// there, and the video it makes is the whole recording.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecordingLikeWebm } from '../support/processing-fixtures';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { hangingPatch, tusClient } from '../support/tus';
import { until, untilProcessed } from '../support/until';
import { killGroup, startKillableApi } from '../support/killable-api';
import { startTestS3, type TestS3 } from '../support/s3';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.each(['local', 's3'] as const)(
  'the API killed during a tus upload on %s storage, then restarted',
  (storage) => {
    let emulator: AuthEmulator;
    let user: TestUser;
    let dataDir: string;
    let recording: Buffer;
    let s3: TestS3 | undefined;
    const children = new Set<ChildProcess>();

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'tus-killed-'));
      const file = join(dataDir, 'recording.webm');
      const [started, bucket] = await Promise.all([
        startAuthEmulator(),
        storage === 's3' ? startTestS3() : undefined,
        makeRecordingLikeWebm(file, 3),
      ]);
      emulator = started;
      s3 = bucket;
      recording = readFileSync(file);
      user = await newTestUser(emulator.host);
    }, 120_000);

    afterAll(async () => {
      for (const child of children) killGroup(child);
      await emulator?.stop();
      await s3?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const startApi = (env: Record<string, string>) =>
      startKillableApi({
        dataDir: join(dataDir, 'data'),
        emulatorHost: emulator.host,
        children,
        env: { ...s3?.env, ...env },
      });

    it('resumes at the offset the store holds and makes one READY video of the whole recording', async () => {
      const first = await startApi({ WORKER: 'false' });
      const tus = tusClient(first.baseUrl, user.idToken);
      const created = await tus.create({ title: 'Interrupted' });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const id = created.headers.get('stream-video-id')!;
      const third = Math.floor(recording.length / 3);
      expect((await tus.patch(location, 0, recording.subarray(0, third))).status).toBe(204);

      // A PATCH whose body stops halfway: some of it reaches the disk, then the process dies.
      const hanging = hangingPatch(first.baseUrl, location, user.idToken, {
        offset: third,
        total: recording.length,
        body: recording.subarray(third, 2 * third),
      });
      const file = join(dataDir, 'data', 'uploads', id);
      if (storage === 'local')
        await until('the bytes to reach the disk', () => (statSync(file).size > third ? true : undefined));
      // S3: they wait in a temporary file for a whole part, or the end of the PATCH.
      else await sleep(500);
      const exited = new Promise((done) => first.child.once('exit', done));
      killGroup(first.child);
      await exited;
      hanging.destroy();
      const held = storage === 'local' ? statSync(file).size : third;

      const second = await startApi({ WORKER: 'true' });
      const again = tusClient(second.baseUrl, user.idToken);
      const head = await again.head(location);
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBe(held);
      if (storage === 'local') expect(offset).toBeGreaterThan(third);
      const last = await again.patch(location, offset, recording.subarray(offset), { length: recording.length });
      expect(last.status).toBe(204);

      const client = videoClient(second.baseUrl, { token: user.idToken });
      const video = await untilProcessed(client, id, second.output);
      expect(video.status).toBe(Status.READY);
      expect(video.durationSeconds).toBeGreaterThan(2.9);
      const listed = await client.listVideos({ pageSize: 100 });
      expect(listed.videos.map((one) => one.id)).toEqual([id]);
      killGroup(second.child);
    }, 120_000);
  },
);
