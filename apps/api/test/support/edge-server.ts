import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config';
import { build } from '../../src/server';
import { testTokens } from './test-tokens';
import { openTestDatabase } from './test-database';

export interface EdgeServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  /** Every log line the server wrote (JSON, as pino writes them), at LOG_LEVEL trace. */
  logLines: string[];
  close(): Promise<void>;
}

/** The inline script of the test web app's index.html (its CSP hash is checked). */
export const INLINE_SCRIPT = "document.documentElement.dataset.theme = 'dark';";

/**
 * The real server on 127.0.0.1 (PGlite, temp DATA_DIR, worker off) with its log captured at
 * trace level and a small built web app (index.html with an inline script, one asset), for tests
 * of what meets every request: headers, limits, logs, URLs.
 */
export async function startEdgeServer(env: Record<string, string> = {}, emulatorHost?: string): Promise<EdgeServer> {
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const dataDir = mkdtempSync(join(tmpdir(), 'stream-api-edge-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><head><script>${INLINE_SCRIPT}</script></head><body></body></html>`,
  );
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app");');
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    WORKER: 'false',
    FIREBASE_PROJECT_ID: 'demo-stream',
    ...env,
  });
  const logLines: string[] = [];
  const app = await build(config, {
    testTokens,
    database: await openTestDatabase('pglite'),
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    config,
    logLines,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
