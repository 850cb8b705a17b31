import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Errors of the HTTP routes: a client's mistake (4xx, e.g. a body Fastify cannot parse) keeps its
 * message; anything else is logged with its cause and answered 500 without details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal error' });
  });
}
