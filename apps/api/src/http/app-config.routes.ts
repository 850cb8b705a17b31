import type { FastifyInstance } from 'fastify';

export interface AppConfig {
  /** The longest recording /record makes, in seconds; null: no limit. */
  readonly maxRecordingSeconds: number | null;
}

/**
 * GET /api/config: the server settings the web app follows (docs/architecture.md, Defaults and
 * scale). Public: it holds nothing about anyone, and /record reads it before any call needs a token.
 */
export function registerAppConfigRoute(app: FastifyInstance, config: { maxRecordingSeconds?: number | undefined }) {
  const body: AppConfig = { maxRecordingSeconds: config.maxRecordingSeconds ?? null };
  app.get('/api/config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
}
