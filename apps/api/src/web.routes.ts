import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at `/`. Paths that are not files get index.html so that the
 * single-page app's own router can answer them (deep links, reloads); API paths never do.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: `/` will answer 404 (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/videoservice.');
    if (isPageRequest) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ message: 'Not found' });
  });
}
