import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config';
import { fromPostgres, type AppDatabase } from '../../src/platform/db/database';
import { build } from '../../src/server';
import { testTokens } from './test-tokens';
import { startTestS3, type TestS3 } from './s3';
import { openTestDatabase, type DatabaseKind } from './test-database';
import { filesUnder } from './upload';

/** How long `close` waits for requests in flight before it cuts their connections. */
const CLOSE_GRACE_MS = 5000;

export type StorageKind = 'local' | 's3';

/** The combinations the integration suites run on: each engine, and S3 once. */
export const setups: { database: DatabaseKind; storage: StorageKind }[] = [
  { database: 'pglite', storage: 'local' },
  { database: 'postgres', storage: 'local' },
  { database: 'pglite', storage: 's3' },
];

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  /** The server's database (closed by `close`): inspect rows directly. */
  database: AppDatabase;
  dataDir: string;
  /** Every blob key in the server's store (partial local files included). */
  listBlobs(): Promise<string[]>;
  /** With S3 storage: the server's s3rver (its multipart uploads in progress, for one). */
  s3?: TestS3;
  close(): Promise<void>;
}

/**
 * The real server on a free port of 127.0.0.1, on a fresh database of `database` kind and a temp
 * DATA_DIR, verifying this file's test tokens (test-tokens.ts) and, for any other token, the Auth
 * emulator at `emulatorHost`. `env` overrides any configuration variable (e.g. MAX_UPLOAD_BYTES,
 * S3_*); the worker is off unless `WORKER: 'true'`.
 */
export async function startTestServer(options: {
  database: DatabaseKind;
  /** Local directory (default) or a fresh s3rver bucket. */
  storage?: StorageKind;
  /** FIREBASE_AUTH_EMULATOR_HOST; without one, only signed-out calls can be made. */
  emulatorHost?: string;
  env?: Record<string, string>;
  /** A PostgreSQL database another test server already uses (a cluster of APIs), instead of a fresh one. */
  sharedPostgresUrl?: string;
}): Promise<TestServer> {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const dataDir = mkdtempSync(join(tmpdir(), 'stream-api-data-'));
  const s3: TestS3 | undefined = options.storage === 's3' ? await startTestS3() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-app'),
    WORKER: 'false',
    FIREBASE_PROJECT_ID: 'demo-stream',
    // Transcripts only where a test asks: pocketsphinx would take cores from every other test.
    TRANSCRIBE: 'off',
    ...s3?.env,
    ...options.env,
  });
  const database = options.sharedPostgresUrl
    ? fromPostgres(options.sharedPostgresUrl)
    : await openTestDatabase(options.database);
  const app = await build(config, { database, testTokens });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    config,
    database,
    dataDir,
    s3,
    listBlobs: async () => (s3 ? s3.listKeys() : filesUnder(join(dataDir, 'blobs')).sort()),
    async close() {
      // A request left hanging by a failed test must not hold the server open past the hook's
      // timeout, hiding the failure under a second one: cut its connection after a grace, as main.ts does.
      const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await s3?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
