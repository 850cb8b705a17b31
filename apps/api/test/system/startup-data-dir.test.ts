// Start-up with a DATA_DIR the API cannot use: one line naming the path, the setting and the
// cause, exit 1, and no database created. Real file systems: small tmpfs mounts made read-only or
// full (root can write through chmod, so modes alone prove nothing), and a folder owned by root
// for a process running as `nobody`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { dataDirFolders } from '../../src/platform/startup/check-data-dir';
import { startApiProcess } from '../support/api-process';

const scratch = mkdtempSync(join(tmpdir(), 'stream-startup-'));
const mounts: string[] = [];

/** Why a tmpfs cannot be mounted here, or undefined when it can (tried once, for real). */
function mountProblem(): string | undefined {
  const probe = join(scratch, 'probe');
  mkdirSync(probe);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe]);
    return undefined;
  } catch (error) {
    return `cannot mount a tmpfs here (needs root and CAP_SYS_ADMIN): ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}
const cannotMount = mountProblem();
if (cannotMount) console.warn(`startup-data-dir: SKIPPING the read-only and full DATA_DIR tests: ${cannotMount}`);
const notRoot =
  process.getuid?.() !== 0 ? 'not running as root, so there is no other user to run the API as' : undefined;

function tmpfs(name: string, sizeBytes: number): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}
const readOnly = (dir: string) => execFileSync('mount', ['-o', 'remount,ro', dir]);
/** Writes until the file system says ENOSPC. */
function fill(dir: string) {
  try {
    writeFileSync(join(dir, 'filler'), Buffer.alloc(64 * 1024 * 1024));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}

afterAll(() => {
  for (const dir of mounts.reverse()) {
    try {
      execFileSync('umount', [dir]);
    } catch {
      execFileSync('umount', ['-l', dir]);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
});

/** Starts the API on `dataDir` and expects it to exit 1 with exactly `line` on stderr. */
async function expectRefusal(
  dataDir: string,
  line: string | RegExp,
  options: { uid?: number; gid?: number; env?: Record<string, string> } = {},
) {
  const { env, ...user } = options;
  const api = startApiProcess({ DATA_DIR: dataDir, ...env }, user);
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 20_000); // it started after all
  const { code } = await api.exited;
  clearTimeout(timer);
  const lines = api.stderr().trimEnd().split('\n');
  expect(lines, api.output()).toHaveLength(1);
  if (typeof line === 'string') expect(lines[0]).toBe(line);
  else expect(lines[0]).toMatch(line);
  expect(code).toBe(1);
}

describe.skipIf(cannotMount)(
  `a DATA_DIR on a file system the API cannot write${cannotMount ? ` (skipped: ${cannotMount})` : ''}`,
  () => {
    it('refuses a read-only DATA_DIR, naming it and the cause, before creating anything', async () => {
      const dir = tmpfs('read-only', 1024 * 1024);
      readOnly(dir);
      const dataDir = join(dir, 'data');
      await expectRefusal(dataDir, `DATA_DIR=${dataDir}: cannot use ${dataDir}/db: read-only file system`);
    });

    it('refuses a read-only blobs folder at start-up instead of failing every upload later', async () => {
      const dataDir = join(scratch, 'blobs-read-only');
      const blobs = tmpfs('blobs-read-only/blobs', 1024 * 1024 * 1024);
      readOnly(blobs);
      await expectRefusal(dataDir, `DATA_DIR=${dataDir}: cannot use ${blobs}: read-only file system`);
      expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(false);
    });

    it('refuses a read-only folder for resumable uploads, which only the API writes', async () => {
      const dataDir = join(scratch, 'uploads-read-only');
      const uploads = tmpfs('uploads-read-only/uploads', 1024 * 1024);
      readOnly(uploads);
      await expectRefusal(dataDir, `DATA_DIR=${dataDir}: cannot use ${uploads}: read-only file system`, {
        env: { DATABASE_URL: inject('postgresUrl'), WORKER: 'false' },
      });
    });

    it('refuses a full DATA_DIR with "no space left on device"', async () => {
      const dataDir = tmpfs('full', 1024 * 1024);
      fill(dataDir);
      await expectRefusal(dataDir, `DATA_DIR=${dataDir}: cannot use ${dataDir}/db: no space left on device`);
      expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(false);
    });

    it('refuses a DATA_DIR with too little room for the database', async () => {
      const dataDir = tmpfs('small', 8 * 1024 * 1024);
      await expectRefusal(
        dataDir,
        /^DATA_DIR=\S+: cannot use \S+\/db: too little free space \(8\.0 MiB free, at least 64 MiB needed\)$/,
      );
    });
  },
);

describe.skipIf(notRoot)(`a DATA_DIR the API's user may not write${notRoot ? ` (skipped: ${notRoot})` : ''}`, () => {
  it('refuses it with "permission denied"', async () => {
    const dataDir = join(scratch, 'root-only');
    mkdirSync(dataDir, { mode: 0o755 });
    execFileSync('chmod', ['755', scratch]);
    await expectRefusal(dataDir, `DATA_DIR=${dataDir}: cannot use ${dataDir}/db: permission denied`, {
      uid: 65534,
      gid: 65534,
    });
  });
});

describe('the folders checked at start-up', () => {
  it("are the ones the configuration writes: the embedded database, local blobs, the worker's scratch", () => {
    const base = { DATA_DIR: '/srv/stream' };
    expect(dataDirFolders(loadConfig(base))).toEqual([
      '/srv/stream/db',
      '/srv/stream/blobs',
      '/srv/stream/uploads',
      '/srv/stream/tmp/processing',
    ]);
    expect(
      dataDirFolders(
        loadConfig({ ...base, DATABASE_URL: 'postgres://db/stream', S3_BUCKET: 'videos', WORKER: 'false' }),
      ),
    ).toEqual([]);
    expect(dataDirFolders(loadConfig({ ...base, DATABASE_URL: 'postgres://db/stream' }))).toEqual([
      '/srv/stream/blobs',
      '/srv/stream/uploads',
      '/srv/stream/tmp/processing',
    ]);
    // A worker process takes no resumable uploads, but always has a scratch folder.
    const workerConfig = loadConfig({ ...base, DATABASE_URL: 'postgres://db/stream', WORKER: 'false' });
    expect(dataDirFolders(workerConfig, 'worker')).toEqual(['/srv/stream/blobs', '/srv/stream/tmp/processing']);
  });
});
