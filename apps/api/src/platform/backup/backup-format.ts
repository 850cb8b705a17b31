import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What `npm run backup` writes last into its folder: a folder without it is no complete backup. */
export const MANIFEST = 'manifest.json';
/** PostgreSQL: `pg_dump --format=custom` of the whole database (ours and the job queue's schema). */
export const POSTGRES_DUMP = 'database.pgdump';
/** The embedded database: a copy of `DATA_DIR/db`, sent by the API running on it (backup-socket.ts) or copied while none did. */
export const PGLITE_COPY = 'database-pglite';
/** Every blob a media_assets row of the dump names, under its key. */
export const BLOBS = 'blobs';

export interface BackupManifest {
  format: 'stream-backup/1';
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The keys copied into `blobs/`. */
  blobs: string[];
  /** Keys the dump names whose blob was gone by the time it was copied (their video was deleted meanwhile). */
  missing: string[];
}

export class BackupError extends Error {}

export async function readManifest(from: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(from, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(`${from} holds no ${MANIFEST}: not a backup, or one that did not finish`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 'stream-backup/1') throw new BackupError(`${from}: unknown backup format ${manifest.format}`);
  return manifest;
}

/** DATABASE_URL's password apart (for PGPASSWORD), so pg_dump's command line never shows it. */
export function postgresTarget(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}
