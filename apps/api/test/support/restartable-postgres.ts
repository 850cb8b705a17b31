// A PostgreSQL cluster of a test's own (not the run's shared one), which the test may stop and
// start again on the same port: a restart, a failover or a proxy dropping connections.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

const postgresScript = resolve(import.meta.dirname, '../../../../tools/src/postgres.mjs');
const isRoot = () => process.getuid?.() === 0;

export interface RestartablePostgres {
  /** URL of a fresh database `stream` in the cluster (superuser postgres, no password). */
  url: string;
  /** `pg_ctl stop -m fast`: every connection ends with 57P01. */
  stop(): void;
  /** Starts it again on the same port. */
  start(): void;
  /** Stops and deletes the cluster. */
  remove(): void;
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const handle = JSON.parse(execFileSync(process.execPath, [postgresScript, 'start'], { encoding: 'utf8' })) as {
    dir: string;
    port: number;
    url: string;
  };
  const binDir = execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'], {
    encoding: 'utf8',
  }).trim();
  const pgCtl = (...args: string[]) => {
    const command = join(binDir, 'pg_ctl');
    const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: 'ignore' });
  };
  const data = join(handle.dir, 'data');
  const admin = new pg.Client({ connectionString: handle.url });
  await admin.connect();
  await admin.query('create database stream');
  await admin.end();
  return {
    url: handle.url.replace(/\/postgres$/, '/stream'),
    stop: () => pgCtl('-D', data, '-m', 'fast', '-w', 'stop'),
    start: () =>
      pgCtl(
        '-D',
        data,
        '-l',
        join(handle.dir, 'log'),
        '-w',
        '-t',
        '30',
        '-o',
        `-p ${handle.port} -k ${handle.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
        'start',
      ),
    remove: () => {
      try {
        execFileSync(process.execPath, [postgresScript, 'stop', handle.dir], { stdio: 'ignore' });
      } catch {
        rmSync(handle.dir, { recursive: true, force: true }); // it was stopped already
      }
    },
  };
}
