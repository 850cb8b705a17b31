// A full disk under the embedded database: a database write (a comment) that finds no room is
// answered resource_exhausted with words a person understands, as an upload's 507 is, not
// `internal`; /readyz says not ready while DATA_DIR has less than READY_MIN_FREE_MB free, and
// ready again once there is room. DATA_DIR is a 160 MiB tmpfs mounted here, so the test needs
// root; elsewhere it is skipped with that reason.
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { conversationClient } from '../support/conversation-client';
import { killGroup, startKillableApi, type KillableApi } from '../support/killable-api';
import { mountTmpfs } from '../support/tmpfs';
import { uploadVideo } from '../support/upload';
import { untilProcessed } from '../support/until';
import { makeWebm } from '../support/webm';

const MiB = 1024 ** 2;
const disk = mountTmpfs('stream-db-disk-full-', '160m');
const mountPoint = disk.path;
const mounted = disk.mounted;

const free = () => {
  const { bavail, bsize } = statfsSync(mountPoint);
  return bavail * bsize;
};

/**
 * Writes `path` until `leave` bytes are free (0: until the disk refuses), as another program
 * would: the API may write meanwhile (the video's storyboard), so a size taken up front can miss.
 */
function fill(path: string, leave = 0) {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(MiB);
  try {
    for (;;) {
      const room = free() - leave;
      if (room <= 0) return;
      writeSync(fd, chunk, 0, Math.min(room, MiB));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!mounted)('database writes on a full disk (needs root to mount a 160 MiB tmpfs)', () => {
  let emulator: AuthEmulator;
  let user: TestUser;
  let api: KillableApi;
  const children = new Set<ChildProcess>();
  const ballast = join(mountPoint, 'ballast');

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    user = await newTestUser(emulator.host);
    api = await startKillableApi({ dataDir: mountPoint, emulatorHost: emulator.host, children });
  }, 180_000);

  afterAll(async () => {
    for (const child of children) killGroup(child);
    await emulator?.stop();
    await new Promise((done) => setTimeout(done, 500));
    disk.remove();
  });

  const readyz = async () => {
    const response = await fetch(`${api.baseUrl}/readyz`);
    return { status: response.status, body: (await response.json()) as { checks: Record<string, string> } };
  };

  it('answers a comment resource_exhausted "disk is full", and /readyz not ready below the free-space floor', async () => {
    const recording = readFileSync(await makeWebm({ seconds: 1 }));
    const uploaded = await uploadVideo(api.baseUrl, recording, { token: user.idToken });
    expect(uploaded.status).toBe(201);
    const videoId = uploaded.json.video!.id;
    const video = await untilProcessed(videoClient(api.baseUrl, { token: user.idToken }), videoId, api.output);
    expect(video.status).toBe(Status.READY);
    const talk = conversationClient(api.baseUrl, { token: user.idToken });
    expect((await readyz()).status).toBe(200);

    // Another program fills the disk to the last byte.
    fill(ballast);
    let refused: unknown;
    // The first comments may still fit in pages the database has already claimed.
    for (let i = 0; i < 15 && !refused; i++) {
      await talk.addComment({ videoId, text: `comment ${i} ${'x'.repeat(900)}` }).catch((error: unknown) => {
        refused = error;
      });
    }
    expect(refused).toBeInstanceOf(ConnectError);
    expect((refused as ConnectError).code, api.output().slice(-5000)).toBe(Code.ResourceExhausted);
    expect((refused as ConnectError).rawMessage).toMatch(/^The server's disk is full/);
    expect(api.child.exitCode).toBeNull();
    // The 200 above may be reused for a second; a comment refused at once comes within it.
    await new Promise((done) => setTimeout(done, 1100));
    const full = await readyz();
    expect(full.status, JSON.stringify(full.body)).toBe(503);
    expect(full.body.checks.disk).toMatch(/MiB free under DATA_DIR, below READY_MIN_FREE_MB \(64 MiB\)/);

    // 3 MiB free: writes fit again, but the process still says it is not ready for traffic.
    unlinkSync(ballast);
    fill(ballast, 3 * MiB);
    await talk.addComment({ videoId, text: 'a little room' });
    await new Promise((done) => setTimeout(done, 1100)); // past the readiness answer's reuse
    expect((await readyz()).status).toBe(503);

    // Room again: ready.
    unlinkSync(ballast);
    await new Promise((done) => setTimeout(done, 1100));
    const roomy = await readyz();
    expect(roomy.body.checks.disk).toBe('ok');
    expect(roomy.status).toBe(200);
  }, 180_000);
});
