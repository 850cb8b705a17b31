// Start-up time, idle memory and idle CPU of the API as people run it: built (`npm start`, `npm run
// serve`) and from source through tsx (development), on the embedded database (a fresh DATA_DIR, as a first start on a
// laptop) and on PostgreSQL (migrated by an untimed first start, as a server restarted by systemd).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, stopPostgres } from '../../src/postgres.mjs';
import { startApiServer } from './processes.mjs';
import { memoryOf } from './rss.mjs';
import { countersBetween, countersOf } from './cpu.mjs';

/** How long a server idles after answering before its memory is read: start-up work has settled. */
const SETTLE_MS = 5_000;
/**
 * Idle CPU: what timers and polls cost with nothing to do, read over IDLE_CPU_MS from IDLE_FROM_MS
 * after the first answer. The first half minute is not idle: the worker's first looks, V8
 * compiling and collecting what start-up left (about twice the settled figure, measured).
 */
const IDLE_FROM_MS = 30_000;
export const IDLE_CPU_MS = 20_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function measureOnce({ root, env, built }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'stream-bench-footprint-'));
  let server;
  try {
    server = await startApiServer({ root, built, env: { ...env, DATA_DIR: dataDir } });
    await sleep(SETTLE_MS);
    const { rss } = await memoryOf(server.pid);
    await sleep(IDLE_FROM_MS - SETTLE_MS);
    const before = await countersOf(server.pid);
    await sleep(IDLE_CPU_MS);
    const idle = countersBetween(before, await countersOf(server.pid));
    return { startupSeconds: server.startupSeconds, rss, idleCpuMsPerSecond: (idle.cpu * 1000) / (IDLE_CPU_MS / 1000) };
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * For each of tsx and built, on PGlite and on PostgreSQL: seconds from spawn to the first HTTP
 * answer, resident memory after idling, and the CPU it then spends idle (ms a second). The worker runs in the process, as by default.
 */
export async function measureFootprints({ root, env }) {
  const rows = [];
  for (const built of [false, true]) {
    rows.push({ built, database: 'PGlite', ...(await measureOnce({ root, env, built })) });
  }
  const postgres = await startPostgres();
  try {
    const pgEnv = { ...env, DATABASE_URL: postgres.url };
    await measureOnce({ root, env: pgEnv, built: false }); // applies the migrations, untimed
    for (const built of [false, true]) {
      rows.push({ built, database: 'PostgreSQL', ...(await measureOnce({ root, env: pgEnv, built })) });
    }
  } finally {
    stopPostgres(postgres.dir);
  }
  return rows;
}
