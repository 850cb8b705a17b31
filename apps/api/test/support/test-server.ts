import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config';
import type { AppDatabase } from '../../src/db/database';
import { build } from '../../src/server';
import { openTestDatabase, type DatabaseKind } from './test-database';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  /** The server's database (closed by `close`): inspect rows directly. */
  database: AppDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server on a free port of 127.0.0.1, on a fresh database of `database` kind and a temp
 * DATA_DIR, verifying tokens against the Auth emulator at `emulatorHost`. `env` overrides any
 * configuration variable (e.g. MAX_UPLOAD_BYTES, S3_*); the worker is off unless `WORKER: 'true'`.
 */
export async function startTestServer(options: {
  database: DatabaseKind;
  /** FIREBASE_AUTH_EMULATOR_HOST; without one, only signed-out calls can be made. */
  emulatorHost?: string;
  env?: Record<string, string>;
}): Promise<TestServer> {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const dataDir = mkdtempSync(join(tmpdir(), 'stream-api-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-app'),
    WORKER: 'false',
    FIREBASE_PROJECT_ID: 'demo-stream',
    ...options.env,
  });
  const database = await openTestDatabase(options.database);
  const app = await build(config, { database });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
