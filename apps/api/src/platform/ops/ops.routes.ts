import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApiMetrics } from './metrics';
import type { Readiness } from './readiness';

export interface OpsRoutesDeps {
  readiness: Readiness;
  metrics: ApiMetrics;
  /** Bearer token /metrics requires; without one, /metrics is not served (404). */
  metricsToken?: string;
}

/** A load balancer polls these every second: their request lines stay below info. */
const quiet = { logLevel: 'warn' as const };

/**
 * GET /healthz (the process answers), GET /readyz (it can serve: database, migrations, blob
 * store, job queue; 503 with the failing check named, and from the first moment of a shutdown;
 * advisory checks such as live workers are listed under `warnings`, and fail `?strict=1` only),
 * GET /metrics (Prometheus text, behind METRICS_TOKEN).
 */
export function registerOpsRoutes(app: FastifyInstance, deps: OpsRoutesDeps): void {
  app.get('/healthz', quiet, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get<{ Querystring: { strict?: string } }>('/readyz', quiet, async (request, reply) => {
    const report = await deps.readiness.report(request.query.strict === '1');
    return reply
      .code(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });

  const expected = deps.metricsToken ? digest(deps.metricsToken) : undefined;
  app.get('/metrics', quiet, async (request, reply) => {
    if (!expected) return reply.code(404).send({ message: 'Metrics are off: set METRICS_TOKEN to serve them' });
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
    }
    const body = await deps.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(deps.metrics.registry.contentType).send(body);
  });
}

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();
