// An upload that runs out of disk: 507 with a message, also while the body is
// still arriving; no partial file; and the next upload that fits is stored. A resumable upload's
// PATCH answers 507 too. DATA_DIR is a 2 MiB tmpfs, mounted here when the test runs
// as root; elsewhere the suite is skipped with that reason.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResumableUploadFiles } from '../../src/uploads/resumable-upload-files';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { filesUnder, uploadVideo } from '../support/upload';

const mountPoint = mkdtempSync(join(tmpdir(), 'stream-full-disk-'));
const mounted = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    return false;
  }
})();

const webmOf = (size: number) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(size - 4, 5)]);

describe.skipIf(!mounted)('an upload larger than the free disk (needs root to mount a 2 MiB tmpfs)', () => {
  let emulator: AuthEmulator;
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host, env: { DATA_DIR: mountPoint } });
    user = await newTestUser(emulator.host);
  }, 120_000);
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    await emulator?.stop();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('answers 507 with a message, keeps no partial file, and stores the next upload that fits', async () => {
    const answer = await uploadVideo(server.baseUrl, webmOf(3 * 1024 * 1024), { token: user.idToken });
    expect(answer.status).toBe(507);
    expect(answer.json.message).toMatch(/no room/i);
    expect(filesUnder(mountPoint)).toEqual([]);
    const client = videoClient(server.baseUrl, { token: user.idToken });
    expect((await client.listVideos({})).videos).toEqual([]);

    const small = await uploadVideo(server.baseUrl, webmOf(100_000), { token: user.idToken });
    expect(small.status).toBe(201);
    expect((await client.listVideos({})).videos.map((video) => video.id)).toEqual([small.json.video!.id]);
  });

  it('answers 507 to an upload whose body is still arriving when the disk runs out', async () => {
    // 32 MiB: more than the upload pipeline and both sockets' buffers hold, so the store fails
    // while most of the body is still to come. The body was unpiped from the parser then (which
    // pauses it), and the wait for the rest never saw it flow: no answer, ever.
    const before = filesUnder(mountPoint);
    const answer = await uploadVideo(server.baseUrl, webmOf(32 * 1024 * 1024), {
      token: user.idToken,
      signal: AbortSignal.timeout(20_000),
    });
    expect(answer.status).toBe(507);
    expect(answer.json.message).toMatch(/no room/i);
    expect(filesUnder(mountPoint)).toEqual(before);
  });

  it("answers 507 to a resumable upload's PATCH that meets the full disk, and takes it again at its offset", async () => {
    const tus = tusClient(server.baseUrl, user.idToken);
    const created = await tus.create({ title: 'Too big for now' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const answer = await tus.patch(location, 0, webmOf(3 * 1024 * 1024));
    expect(answer.status).toBe(507);
    expect(answer.body).toMatch(/no room/i);
    // What fitted of it is kept; the client resumes where the server stands once there is room.
    const offset = Number((await tus.head(location)).headers.get('upload-offset'));
    expect(offset).toBeLessThan(3 * 1024 * 1024);
    await tus.delete(location);
  });

  it("fails a PATCH write on the full disk with the disk's own error, whichever stream reports first", async () => {
    // tus's pipeline hears the failure on the body too: as tus's generic write error (500), the
    // answer was 507 or 500 by which of the two reached it first.
    const dir = join(mountPoint, 'direct');
    mkdirSync(dir);
    const files = new ResumableUploadFiles(dir);
    writeFileSync(join(dir, 'upload'), '');
    const writing = files.datastore.write(Readable.from([webmOf(3 * 1024 * 1024)]), 'upload', 0);
    await expect(writing).rejects.toMatchObject({ code: 'ENOSPC' });
    rmSync(dir, { recursive: true, force: true });
  });
});
