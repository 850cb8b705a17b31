/** Runs SQL on the app's database: PGlite or a pg Pool behind one shape (pg-boss's `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
