/** Runs SQL on the app's database: PGlite or a pg Pool behind one shape (pg-boss's `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `task` holding the database-wide lock for setting up shared schemas (on PostgreSQL an
   * advisory lock on a connection of its own), so processes starting at once take turns.
   */
  exclusively<T>(task: () => Promise<T>): Promise<T>;
}
