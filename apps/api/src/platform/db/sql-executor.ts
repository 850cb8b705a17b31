import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Runs raw SQL (pg-boss's `db` option). */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Runs SQL on the app's database: PGlite or a pg Pool behind one shape. */
export interface SqlExecutor extends SqlRunner {
  /**
   * Runs `task` holding the database-wide lock for setting up shared schemas (on PostgreSQL an
   * advisory lock on a connection of its own), so processes starting at once take turns.
   */
  exclusively<T>(task: () => Promise<T>): Promise<T>;
}

/** Raw SQL on `db`, a Kysely instance or transaction: a transaction's statements commit or roll back with it. */
export function sqlOn(db: Kysely<Database>): SqlRunner {
  return {
    executeSql: async (text, values = []) => {
      const { rows } = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows };
    },
  };
}
