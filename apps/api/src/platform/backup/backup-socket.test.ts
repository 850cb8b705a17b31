import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKUP_SOCKET, serveBackups } from './backup-socket';

const quiet = { info: () => undefined, warn: () => undefined };

/** Sends `request` and returns everything the server answers until it ends, or `waitMs` passes. */
function ask(path: string, request: string, waitMs = 300) {
  return new Promise<{ text: string; ended: boolean; socket: ReturnType<typeof connect> }>((done) => {
    const socket = connect(path);
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    const timer = setTimeout(() => done({ text, ended: false, socket }), waitMs);
    socket.once('end', () => {
      clearTimeout(timer);
      done({ text, ended: true, socket });
    });
    socket.write(request);
  });
}

describe('the backup socket of a running API', () => {
  const dirs: string[] = [];
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-socket-'));
    dirs.push(dir);
    return dir;
  };

  it("replaces a dead process's socket, is its user's only, and sends one dump at a time", async () => {
    const dir = dataDir();
    writeFileSync(join(dir, BACKUP_SOCKET), 'left by a killed API');
    stops.push(await serveBackups(dir, async () => new Blob(['TAR-BYTES']), quiet));
    const path = join(dir, BACKUP_SOCKET);
    expect(statSync(path).isSocket()).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const first = await ask(path, 'dump\n');
    expect(first.text).toBe('{"ok":true,"bytes":9}\nTAR-BYTES');
    expect(first.ended).toBe(false); // held until that backup has copied its blobs
    const second = await ask(path, 'dump\n');
    expect(second.text).toMatch(/^\{"ok":false,"error":"another backup of this DATA_DIR is running/);
    expect(second.ended).toBe(true);
    first.socket.end();
    await new Promise((done) => setTimeout(done, 50));
    expect((await ask(path, 'dump\n')).text).toBe('{"ok":true,"bytes":9}\nTAR-BYTES');
  });

  it('answers anything else, or a dump that fails, with an error', async () => {
    const dir = dataDir();
    stops.push(
      await serveBackups(
        dir,
        async () => {
          throw new Error('closed');
        },
        quiet,
      ),
    );
    const path = join(dir, BACKUP_SOCKET);
    expect(await ask(path, 'drop tables\n')).toMatchObject({
      text: '{"ok":false,"error":"unknown request"}\n',
      ended: true,
    });
    expect(await ask(path, 'dump\n')).toMatchObject({
      text: '{"ok":false,"error":"could not dump the database: closed"}\n',
      ended: true,
    });
  });

  it('fails to start (main.ts carries on without it) where a UNIX socket cannot be', async () => {
    const dir = join(dataDir(), 'x'.repeat(120)); // past the 107 bytes of a socket's path
    mkdirSync(dir);
    await expect(serveBackups(dir, async () => new Blob([]), quiet)).rejects.toThrow();
  });
});
