// Once per `vitest run` of the API: a migrated PGlite template (tests clone it in ~0.5 s instead of
// initialising one in ~5 s) and a throwaway PostgreSQL cluster (each test file makes its own
// database in it). A cluster that cannot start fails the run: nothing is skipped.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPGlite } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a gzipped dump of a migrated PGlite data directory. */
    pgliteTemplate: string;
    /** Superuser URL of the test cluster's `postgres` database. */
    postgresUrl: string;
  }
}

/** The workspace's PostgreSQL script (a script people run too, so it is run, not imported). */
const postgresScript = resolve(import.meta.dirname, '../../../../tools/src/postgres.mjs');
const postgres = (...args: string[]) => execFileSync(process.execPath, [postgresScript, ...args], { encoding: 'utf8' });

async function startPostgres(): Promise<{ dir: string; url: string }> {
  return JSON.parse(postgres('start')) as { dir: string; url: string };
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'stream-api-test-'));
  const [cluster] = await Promise.all([startPostgres(), buildTemplate(join(dir, 'pglite-template.tar.gz'))]);
  project.provide('pgliteTemplate', join(dir, 'pglite-template.tar.gz'));
  project.provide('postgresUrl', cluster.url);
  return () => {
    postgres('stop', cluster.dir);
    rmSync(dir, { recursive: true, force: true });
  };
}

async function buildTemplate(path: string) {
  const pglite = await PGlite.create();
  const database = fromPGlite(pglite);
  await migrateToLatest(database.db);
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
