import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { SqlExecutor } from './sql-executor';
import { migrateToLatest } from './migrate';
import { Mutex } from './mutex';
import { PGliteDialect } from './pglite-dialect';
import { openPGlite } from './pglite-files';
import type { Database } from './schema';
import { StartupError } from '../startup/startup-error';
import { isDatabaseUnavailable } from './database-unavailable';
import { listenOn, type ChannelListener, type ListenOptions } from './pg-listener';

/** The app's database: Kysely for the app, a raw SQL executor on the same database for pg-boss. */
export interface AppDatabase {
  db: Kysely<Database>;
  executor: SqlExecutor;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own, so NOTIFYs of other
   * processes reach this one. PGlite serves one process, which needs none.
   */
  listen?: (channel: string, options: ListenOptions) => Promise<ChannelListener>;
  /** PGlite only: a tar of its data directory, taken between two statements (`npm run backup` while it runs). */
  dumpDataDir?: () => Promise<Blob>;
  /** PGlite only: the bytes of its WebAssembly memory, which grows with use and never shrinks. */
  wasmMemoryBytes?: () => number;
  close(): Promise<void>;
}

/** Runs `close` once, however often it is called. */
const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
};

/** Wraps an open PGlite (embedded, or cloned from a template in tests). */
export function fromPGlite(pglite: PGlite): AppDatabase {
  const mutex = new Mutex();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, mutex) });
  const executor: SqlExecutor = {
    executeSql: (text, values) =>
      mutex.run(async () =>
        values?.length ? pglite.query(text, values) : ((await pglite.exec(text)).at(-1) ?? { rows: [] }),
      ),
    exclusively: (task) => task(), // one process owns an embedded database
  };
  return {
    db,
    executor,
    kind: 'pglite',
    dumpDataDir: () => mutex.run(() => pglite.dumpDataDir('none')),
    // `mod`, PGlite's Emscripten module, is protected in its types; its memory is the one figure read.
    wasmMemoryBytes: () =>
      (pglite as unknown as { mod?: { wasmMemory: WebAssembly.Memory } }).mod?.wasmMemory.buffer.byteLength ?? 0,
    close: once(async () => {
      await db.destroy();
      await mutex.run(() => pglite.close());
    }),
  };
}

/**
 * The advisory lock (any number not Kysely's own) under which a process sets up the job queue's
 * schema and queues. pg-boss alone, started by three processes at once, failed with "duplicate key
 * (nspname)=(pgboss)" and deadlocks in create_queue (apps/api/test/system/ops-process.test.ts).
 */
const SCHEMA_LOCK = '7461026917200417';

/** Runs `task` holding SCHEMA_LOCK on a connection of `pool`; a process that dies releases it with its session. */
async function holdingSchemaLock<T>(pool: pg.Pool, task: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [SCHEMA_LOCK]);
    try {
      return await task();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [SCHEMA_LOCK]).catch((error: Error) => {
        broken = error; // a connection that may still hold the lock is closed, not reused
      });
    }
  } finally {
    client.release(broken);
  }
}

/** Where the database reports a connection it lost (the query that was using it fails on its own). */
export type ConnectionErrorLog = (lost: { message: string; code?: string }) => void;

/** A connection that cannot be had within this long fails its request (503) rather than hanging it. */
const CONNECT_TIMEOUT_MS = 5000;

export function fromPostgres(
  connectionString: string,
  onConnectionError: ConnectionErrorLog = () => undefined,
): AppDatabase {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A restart, a failover or a proxy's idle timeout ends every connection with an 'error' event
  // (57P01): on an idle client the pool re-emits it, on a checked-out one (a transaction between
  // statements, the schema lock) the client does; unheard, either ended the process
  // (test/system/database-restart.test.ts). The pool drops such clients and opens new ones when asked.
  // The error carries the whole client (pg-pool adds it): only its words are reported.
  const lost = (error: Error & { code?: string }) => onConnectionError({ message: error.message, code: error.code });
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    executor: {
      executeSql: (text, values) => pool.query(text, values),
      exclusively: (task) => holdingSchemaLock(pool, task),
    },
    kind: 'postgres',
    listen: (channel, options) => listenOn(connectionString, channel, options, onConnectionError),
    close: once(() => db.destroy()), // ends the pool too
  };
}

/** PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir/db`; migrated to the latest schema. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onConnectionError?: ConnectionErrorLog;
}): Promise<AppDatabase> {
  let database: AppDatabase;
  if (options.databaseUrl) {
    database = fromPostgres(options.databaseUrl, options.onConnectionError);
  } else {
    database = fromPGlite(await openPGlite(join(options.dataDir, 'db')));
  }
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw options.databaseUrl && cannotConnect(error)
      ? new StartupError(`DATABASE_URL=${withoutPassword(options.databaseUrl)}: cannot connect: ${connectCause(error)}`)
      : error;
  }
  return database;
}

/** SQLSTATEs of a connection refused for who is asking or what they ask for: 28P01 password, 28000 role, 3D000 database. */
const REFUSED_STATES = new Set(['28P01', '28000', '3D000']);

/** The error under Kysely's "Database migration failed": the connection's own. */
const rootCause = (error: unknown): unknown => {
  let current = error;
  for (let depth = 0; depth < 5 && (current as Error | undefined)?.cause; depth++) current = (current as Error).cause;
  return current;
};

const cannotConnect = (error: unknown) =>
  isDatabaseUnavailable(error) || REFUSED_STATES.has((rootCause(error) as { code?: string }).code ?? '');

/** The cause in a few words; PostgreSQL's own messages name the role or database, never the password. */
function connectCause(error: unknown): string {
  const { code, message } = rootCause(error) as { code?: string; message?: string };
  if (code === 'ECONNREFUSED') return 'connection refused (is PostgreSQL running, on that host and port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  return (message ?? String(error)).split('\n')[0]!.slice(0, 200);
}

/** The URL with its password (if any) replaced, for messages: `postgres://stream:***@db:5432/stream`. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(not a URL)';
  }
}
