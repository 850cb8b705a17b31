// One API process per embedded database: a second start on the same DATA_DIR stops before it
// opens the database, naming the first process; a lock left by a dead process is taken over; the
// lock goes when the API stops. With DATABASE_URL several processes share a DATA_DIR by design.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { createPostgresDatabase } from '../support/test-database';

const scratch = mkdtempSync(join(tmpdir(), 'stream-lock-'));
const started: ApiProcess[] = [];
let sleeper: ReturnType<typeof spawn> | undefined;

afterAll(() => {
  for (const api of started) api.child.kill('SIGKILL');
  sleeper?.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

function start(env: Record<string, string>): ApiProcess {
  const api = startApiProcess(env);
  started.push(api);
  return api;
}

async function stop(api: ApiProcess) {
  api.child.kill('SIGTERM');
  return api.exited;
}

const lockOf = (dataDir: string) => join(dataDir, 'api.lock');
const lockPid = (dataDir: string) => Number(readFileSync(lockOf(dataDir), 'utf8').split('\n')[0]);
const freshDir = (name: string) => {
  const dir = join(scratch, name);
  mkdirSync(dir);
  return dir;
};

describe('the DATA_DIR lock of the embedded database', () => {
  it('stops a second API on the same DATA_DIR with one line naming the first, and the first keeps serving', async () => {
    const dataDir = freshDir('two');
    const first = start({ DATA_DIR: dataDir });
    const baseUrl = await first.listening();
    expect(lockPid(dataDir)).toBe(first.pid);

    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.stderr().trimEnd().split('\n')).toEqual([
      `DATA_DIR=${dataDir} is in use by another API process (pid ${first.pid}, ${lockOf(dataDir)}): the embedded database serves one process; stop that one first, or use DATABASE_URL to run several`,
    ]);
    expect((await fetch(`${baseUrl}/api/videoservice/video/none`)).status).toBe(401);
    expect(lockPid(dataDir)).toBe(first.pid);

    expect(await stop(first)).toEqual({ code: 0, signal: null });
    expect(existsSync(lockOf(dataDir))).toBe(false);
  }, 90_000);

  it('refuses before the database is created or opened', async () => {
    const dataDir = freshDir('held');
    sleeper = spawn('sleep', ['60']);
    writeFileSync(lockOf(dataDir), `${sleeper.pid}\n`);
    const api = start({ DATA_DIR: dataDir });
    expect((await api.exited).code).toBe(1);
    expect(api.stderr()).toContain(`(pid ${sleeper.pid},`);
    expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(false);
    expect(lockPid(dataDir)).toBe(sleeper.pid);
  });

  it('stops cleanly on a SIGTERM sent the moment it says it listens', async () => {
    const dataDir = freshDir('prompt');
    const api = start({ DATA_DIR: dataDir });
    // Not listening(), which polls: the signal goes as the line arrives, before the API's next step.
    api.child.stdout!.on('data', (chunk: string) => {
      if (chunk.includes('Server listening at')) api.child.kill('SIGTERM');
    });
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockOf(dataDir))).toBe(false);
  }, 90_000);

  it('takes over a lock whose process is gone, and releases it on SIGTERM', async () => {
    const dataDir = freshDir('stale');
    const dead = spawnSync('true').pid;
    writeFileSync(lockOf(dataDir), `${dead}\n`);
    const api = start({ DATA_DIR: dataDir });
    await api.listening();
    expect(lockPid(dataDir)).toBe(api.pid);
    expect(await stop(api)).toEqual({ code: 0, signal: null });
    expect(existsSync(lockOf(dataDir))).toBe(false);
  }, 90_000);

  it('is not taken with DATABASE_URL: several processes may share the DATA_DIR', async () => {
    const dataDir = freshDir('postgres');
    writeFileSync(lockOf(dataDir), `${process.pid}\n`); // held by a live process
    const api = start({ DATA_DIR: dataDir, DATABASE_URL: await createPostgresDatabase() });
    await api.listening();
    expect(lockPid(dataDir)).toBe(process.pid);
    expect((await stop(api)).code).toBe(0);
  }, 90_000);
});
