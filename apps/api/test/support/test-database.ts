import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPGlite, fromPostgres, type AppDatabase } from '../../src/platform/db/database';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Both engines the API runs on: `describe.each(databaseKinds)` runs a suite against each. It is for
 * suites where the engines differ: migrations, races between connections (PGlite has one, so it
 * serialises what PostgreSQL runs at once), LISTEN/NOTIFY, pg-boss's queue, the driver's types.
 */
export const databaseKinds: DatabaseKind[] = ['pglite', 'postgres'];

/**
 * PGlite alone, for a suite whose statements run one at a time and mean the same on both: PGlite
 * is PostgreSQL compiled to WebAssembly, so a second run on a cluster tests the same SQL again.
 */
export const pgliteOnly: DatabaseKind[] = ['pglite'];

/**
 * A fresh, migrated, empty database of the given kind: an in-memory PGlite cloned from the run's
 * template, or a new database in the run's PostgreSQL cluster copied from its migrated template
 * (see global-setup.ts).
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<AppDatabase & { url?: string }> {
  if (kind === 'pglite') {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return fromPGlite(await PGlite.create({ loadDataDir: template }));
  }
  const url = await createPostgresDatabase({ migrated: true });
  return { ...fromPostgres(url), url };
}

/**
 * A new database in the test cluster, empty or (`migrated`) a copy of the run's migrated template;
 * returns its URL (for DATABASE_URL or pg-boss).
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const admin = new URL(inject('postgresUrl'));
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`create database ${name}${options.migrated ? ` template ${inject('postgresTemplate')}` : ''}`);
  } finally {
    await client.end();
  }
  admin.pathname = `/${name}`;
  return admin.href;
}
