import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../services/transient-failures';

/** What a request that needed the database hears while it is away (a restart, a failover). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now; please try again shortly';

/**
 * Errors of the HTTP routes: a client's mistake (4xx, e.g. a body Fastify cannot parse) keeps its
 * message; the database being away is 503 with Retry-After; anything else is logged with its
 * cause and answered 500 without details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal error' });
  });
}
