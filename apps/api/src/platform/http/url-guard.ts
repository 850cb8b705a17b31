import type { FastifyInstance } from 'fastify';

/**
 * A URL holding an encoded NUL (`%00`) is refused before any route sees it: no id, path or query
 * value of this API may contain one, and PostgreSQL text cannot store one.
 */
export function refuseNulInUrls(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (/%00/.test(request.url)) return reply.code(400).send({ message: 'Bad request: the URL holds a NUL character' });
    return undefined;
  });
}
