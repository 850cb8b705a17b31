import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../../config';
import { lockDataDir } from '../startup/data-dir-lock';
import { createBlobStore } from '../storage';
import { BLOBS, BackupError, PGLITE_COPY, POSTGRES_DUMP, postgresTarget, readManifest } from './backup-format';

const run = promisify(execFile);

/**
 * Restores the backup in `from` into the database and blob store the settings name. Refuses,
 * changing nothing, when the backup is incomplete, is of the other kind of database, or when the
 * target already holds a database or blobs, unless `force`: then the database is replaced
 * (pg_restore --clean --if-exists, or the embedded files) and the backup's blobs are written over
 * the store (blobs it does not know stay; the sweep removes them once nothing names them).
 */
export async function restoreBackup(
  config: Config,
  from: string,
  force: boolean,
  log: (line: string) => void,
): Promise<{ blobs: number }> {
  const manifest = await readManifest(from);
  const into = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== into)
    throw new BackupError(
      `${from} is a backup of ${manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'}: restore it with ${manifest.database === 'postgres' ? 'DATABASE_URL set' : 'DATA_DIR and no DATABASE_URL'}`,
    );
  const store = createBlobStore(config);
  const release = config.DATABASE_URL ? () => undefined : await lockDataDir(config.DATA_DIR);
  try {
    const occupied = [
      ...(await databaseHolds(config)),
      ...((await storeHoldsAnything(store)) ? ['the blob store holds blobs'] : []),
    ];
    if (occupied.length && !force)
      throw new BackupError(`the target is not empty (${occupied.join('; ')}): nothing restored; --force replaces it`);

    if (config.DATABASE_URL) {
      const target = postgresTarget(config.DATABASE_URL);
      const replace = occupied.length ? ['--clean', '--if-exists'] : [];
      await run(
        'pg_restore',
        [...replace, '--exit-on-error', '--no-owner', `--dbname=${target.url}`, join(from, POSTGRES_DUMP)],
        {
          env: { ...process.env, ...target.env },
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((error: { stderr?: string; message: string }) => {
        throw new BackupError(`pg_restore failed: ${(error.stderr || error.message).trim()}`);
      });
    } else {
      const dir = join(config.DATA_DIR, 'db');
      await rm(dir, { recursive: true, force: true });
      await cp(join(from, PGLITE_COPY), dir, { recursive: true });
    }
    log(`database restored (${manifest.database}); copying ${manifest.blobs.length} blobs`);
    for (const key of manifest.blobs) await store.put(key, createReadStream(join(from, BLOBS, key)));
    return { blobs: manifest.blobs.length };
  } finally {
    release();
  }
}

/** What of a database the target already holds, in words; empty when nothing. */
async function databaseHolds(config: Config): Promise<string[]> {
  if (!config.DATABASE_URL)
    return existsSync(join(config.DATA_DIR, 'db', 'PG_VERSION'))
      ? [`DATA_DIR=${config.DATA_DIR} holds a database`]
      : [];
  const client = new pg.Client({ connectionString: config.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `select count(*) as tables from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]!.tables) > 0 ? [`the database holds ${rows[0]!.tables} tables`] : [];
  } finally {
    await client.end();
  }
}

async function storeHoldsAnything(store: ReturnType<typeof createBlobStore>): Promise<boolean> {
  for await (const _blob of store.list('')) return true;
  return false;
}
