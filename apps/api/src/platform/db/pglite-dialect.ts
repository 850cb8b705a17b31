import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { Mutex } from './mutex';

/**
 * Kysely over PGlite: Kysely's own Postgres adapter, compiler and introspector, and a driver with
 * one connection. PGlite is a single session, so the mutex keeps a Kysely transaction from
 * interleaving with other statements (including pg-boss's, which take the same mutex).
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pg: PGlite,
    private readonly mutex: Mutex,
  ) {}

  createAdapter = () => new PostgresAdapter();
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
  createDriver = (): Driver => new PGliteDriver(this.pg, this.mutex);
}

class PGliteDriver implements Driver {
  private readonly connection: DatabaseConnection;
  private release?: () => void;

  constructor(
    pg: PGlite,
    private readonly mutex: Mutex,
  ) {
    this.connection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await pg.query<R>(query.sql, [...query.parameters]);
        const affected = result.affectedRows;
        return { rows: result.rows, numAffectedRows: affected === undefined ? undefined : BigInt(affected) };
      },
      // eslint-disable-next-line require-yield
      async *streamQuery() {
        throw new Error('PGlite driver does not stream');
      },
    };
  }

  async init() {}
  async acquireConnection() {
    this.release = await this.mutex.lock();
    return this.connection;
  }
  async releaseConnection() {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async destroy() {}
}
