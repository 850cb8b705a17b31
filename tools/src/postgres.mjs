#!/usr/bin/env node
// A throwaway PostgreSQL cluster (Debian's postgresql 15) for tests: initdb into a temp dir, start
// on a free port on 127.0.0.1 with trust auth and fsync off, stop and delete it afterwards.
// As root the server runs as the `postgres` user (it refuses to run as root).
//   node tools/src/postgres.mjs start   → prints the JSON handle ({ dir, port, url })
//   node tools/src/postgres.mjs stop <dir>
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The newest installed server's bin directory, e.g. /usr/lib/postgresql/15/bin. */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin/pg_ctl'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  versions.sort((a, b) => Number(b) - Number(a));
  return join(root, versions[0], 'bin');
}

function run(binary, args) {
  const command = join(postgresBinDir(), binary);
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    throw new Error(`${binary} failed: ${error.stderr || error.message}`);
  }
}

/**
 * Starts a fresh cluster; resolves with `{ dir, port, url }` where url is the `postgres` database
 * (superuser `postgres`, no password). Throws with the server log when it does not come up.
 */
export async function startPostgres() {
  ensureSystemPackages(['postgresql']);
  const dir = mkdtempSync(join(tmpdir(), 'stream-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        run('pg_ctl', [
          '-D',
          data,
          '-l',
          join(dir, 'log'),
          '-w',
          '-t',
          '30',
          '-o',
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
          'start',
        ]);
        return { dir, port, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
      } catch (error) {
        if (attempt >= 3) throw error; // the port may have been taken between choosing and binding
      }
    }
  } catch (error) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${error.message}\n${log}`);
  }
}

/** Stops the cluster in `dir` (fast shutdown) and deletes it. */
export function stopPostgres(dir) {
  try {
    run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, dir] = process.argv.slice(2);
  if (command === 'start') console.log(JSON.stringify(await startPostgres()));
  else if (command === 'stop' && dir) stopPostgres(dir);
  else {
    console.error('usage: postgres.mjs start | stop <dir>');
    process.exit(2);
  }
}
