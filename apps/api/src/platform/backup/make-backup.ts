import { execFile } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../../config';
import { fromPGlite } from '../db/database';
import { openPGlite } from '../db/pglite-files';
import { lockDataDir } from '../startup/data-dir-lock';
import { askRunningApi } from './ask-running-api';
import { createBlobStore } from '../storage';
import type { BlobStore } from '../storage';
import {
  BLOBS,
  BackupError,
  MANIFEST,
  PGLITE_COPY,
  POSTGRES_DUMP,
  postgresTarget,
  type BackupManifest,
} from './backup-format';

const run = promisify(execFile);

/**
 * A backup of the database the settings name (DATABASE_URL, else the embedded one in DATA_DIR/db)
 * and of every blob its rows name, into the empty or new folder `out`.
 *
 * The database first, then the blobs: a blob is stored before the row that names it is committed
 * and never rewritten, so every row of the dump has its blob by then, and copying it later copies
 * the same bytes. The other order would let an upload finishing meanwhile put a row in the dump
 * whose blob was never copied. Uploads go on while a backup runs: pg_dump and the list of keys read
 * one snapshot; the embedded database's keys are read from the very copy the running API sent. A
 * blob stored after it belongs to no row of the backup and is not copied (after a restore, nothing
 * names it).
 */
export async function makeBackup(config: Config, out: string, log: (line: string) => void): Promise<BackupManifest> {
  if (existsSync(out) && (await readdir(out)).length > 0)
    throw new BackupError(`--out ${out} is not empty: a backup goes into a new or empty folder`);
  await mkdir(out, { recursive: true, mode: 0o700 });
  await chmod(out, 0o700); // an empty folder the operator made beforehand, too
  const { keys, done, from } = config.DATABASE_URL
    ? { keys: await dumpPostgres(config.DATABASE_URL, join(out, POSTGRES_DUMP)), done: () => undefined }
    : await copyPGlite(config.DATA_DIR, join(out, PGLITE_COPY));
  const copied: string[] = [];
  const missing: string[] = [];
  try {
    log(
      `database: ${config.DATABASE_URL ? 'PostgreSQL (pg_dump)' : `embedded${from ? `, from ${from}` : ''}`}; ${keys.length} blobs to copy`,
    );
    const store = createBlobStore(config);
    for (const key of keys) {
      if (await copyBlob(store, key, join(out, BLOBS, key))) copied.push(key);
      else missing.push(key);
    }
  } finally {
    done();
  }
  if (missing.length) log(`${missing.length} blobs were deleted while the backup ran (their videos with them)`);
  const manifest: BackupManifest = {
    format: 'stream-backup/1',
    createdAt: new Date().toISOString(),
    database: config.DATABASE_URL ? 'postgres' : 'pglite',
    blobs: copied,
    missing,
  };
  await writeFile(join(out, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  return manifest;
}

const KEYS = 'select distinct storage_key from media_assets order by storage_key';

/** A copy of the database in the backup: the keys its rows name, and what to do once the blobs are copied. */
interface DatabaseCopy {
  keys: string[];
  done: () => void;
  /** Who made the copy, when not this process. */
  from?: string;
}

/** pg_dump of one exported snapshot, and the blob keys that snapshot's rows name. */
async function dumpPostgres(databaseUrl: string, file: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const keys = (await client.query<{ storage_key: string }>(KEYS)).rows.map((row) => row.storage_key);
    const target = postgresTarget(databaseUrl);
    await run('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, target.url], {
      env: { ...process.env, ...target.env },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stderr?: string; message: string }) => {
      throw new BackupError(`pg_dump failed: ${(error.stderr || error.message).trim()}`);
    });
    await client.query('commit');
    return keys;
  } finally {
    await client.end();
  }
}

/**
 * The embedded database is one process's. While an API runs on DATA_DIR it is asked for a copy
 * (backup-socket.ts) and the keys are read from that copy; otherwise the backup takes DATA_DIR's
 * lock (as a second API would) and copies the database's files, which nothing writes.
 */
async function copyPGlite(dataDir: string, copy: string): Promise<DatabaseCopy> {
  const online = await askRunningApi(dataDir, copy);
  if (online) return { keys: await keysOf(copy), done: online.done, from: 'the running API' };
  const release = await lockDataDir(dataDir);
  try {
    const dir = join(dataDir, 'db');
    if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupError(`DATA_DIR=${dataDir} holds no database (db/)`);
    const keys = await keysOf(dir);
    await cp(dir, copy, { recursive: true });
    return { keys, done: () => undefined };
  } finally {
    release();
  }
}

/** The blob keys the embedded database in `dir` names (opening it replays its log, as a restart would). */
async function keysOf(dir: string): Promise<string[]> {
  const database = fromPGlite(await openPGlite(dir));
  try {
    return (await database.executor.executeSql(KEYS)).rows.map((row) => (row as { storage_key: string }).storage_key);
  } finally {
    await database.close();
  }
}

/** Copies blob `key` to `file`; false when it is gone. */
async function copyBlob(store: BlobStore, key: string, file: string): Promise<boolean> {
  const blob = await store.open(key);
  if (!blob) return false;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await pipeline(await blob.stream(), createWriteStream(file, { mode: 0o600 }));
  return true;
}
