import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const run = promisify(execFile);

/**
 * PostgreSQL's settings for the embedded database. PGlite's default shared_buffers (160 MB) lives
 * in its WebAssembly memory and is touched at start: 32 MB opens in about 120 MB less resident
 * memory (measured: 246 MB against 352 MB for a bare process holding one open database). Its files
 * are real files under DATA_DIR, so the kernel's page cache still serves reads that miss it.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * PGlite in `dir`, created there on first use. Creating runs initdb, which leaves about 430 MB
 * (its WebAssembly memory and a copy of it) in the process that ran it, even after closing, so
 * initdb runs in a short-lived child process and this one only ever opens an existing database.
 * Besides the memory, that much long-lived memory outside V8's heap makes V8 answer an upload's
 * short-lived buffers with full collections instead of cheap young-generation ones (seen here:
 * four times the CPU per uploaded GiB).
 */
export async function openPGlite(dir: string): Promise<PGlite> {
  mkdirSync(dirname(dir), { recursive: true }); // PGlite creates only the last segment
  if (!existsSync(join(dir, 'PG_VERSION'))) await initPGlite(dir);
  return PGlite.create(dir, { startParams: START_PARAMS });
}

async function initPGlite(dir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const source = `require(${JSON.stringify(entry)}).PGlite.create(process.argv[1]).then((db) => db.close())`;
  try {
    await run(process.execPath, ['-e', source, dir], { timeout: 180_000, env: { ...process.env, NODE_OPTIONS: '' } });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dir}${stderr ? `: ${stderr}` : ''}`, {
      cause: error,
    });
  }
}
