import Fastify from 'fastify';
import type { ApiMetrics } from './metrics';
import { registerOpsRoutes } from './ops.routes';
import type { Readiness } from './readiness';

/**
 * /healthz, /readyz and /metrics on a port of their own, for a process that serves nothing else
 * (a worker): Prometheus scrapes its job durations and a supervisor can probe it.
 */
export async function startOpsServer(options: {
  port: number;
  host: string;
  readiness: Readiness;
  metrics: ApiMetrics;
  metricsToken?: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  registerOpsRoutes(app, options);
  const url = await app.listen({ port: options.port, host: options.host });
  return {
    url,
    close: async () => {
      options.readiness.stop();
      await app.close();
    },
  };
}
