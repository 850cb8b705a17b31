import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations describe it
type AnyDatabase = Kysely<any>;

const migrator = (db: AnyDatabase) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/**
 * Brings the schema up to date; throws with the failing migration's error. Several processes may
 * call it at once against one PostgreSQL (every API migrates as it starts, and `npm run migrate`):
 * Kysely's Postgres adapter holds a session advisory lock (`pg_advisory_lock`) around the whole
 * run and re-reads what was applied once it has the lock, so the first applies each migration and
 * the others find nothing left to do (apps/api/test/ops-migrate.test.ts starts three at once).
 */
export async function migrateToLatest(db: AnyDatabase): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed`, { cause: error });
  }
}

/** Names of the migrations this code knows that the database has not applied (readiness). */
export async function pendingMigrations(db: AnyDatabase): Promise<string[]> {
  const known = await migrator(db).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
