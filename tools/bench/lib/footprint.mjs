// Start-up time and idle memory of the API as people run it: from source through tsx (`npm start`)
// and built (`npm run serve`), on the embedded database (a fresh DATA_DIR, as a first start on a
// laptop) and on PostgreSQL (migrated by an untimed first start, as a server restarted by systemd).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, stopPostgres } from '../../src/postgres.mjs';
import { startApiServer } from './processes.mjs';
import { memoryOf } from './rss.mjs';

/** How long a server idles after answering before its memory is read: start-up work has settled. */
const SETTLE_MS = 5_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function measureOnce({ root, env, built }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'stream-bench-footprint-'));
  let server;
  try {
    server = await startApiServer({ root, built, env: { ...env, DATA_DIR: dataDir } });
    await sleep(SETTLE_MS);
    const { rss } = await memoryOf(server.pid);
    return { startupSeconds: server.startupSeconds, rss };
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * For each of tsx and built, on PGlite and on PostgreSQL: seconds from spawn to the first HTTP
 * answer, and resident memory after idling. The worker runs in the process, as by default.
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
