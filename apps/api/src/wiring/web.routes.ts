import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at `/`. Paths that are not files get index.html so that the
 * single-page app's own router can answer them (deep links, reloads); API paths never do, and
 * neither do missing files (anything under /assets/ or with a file extension): a browser that
 * asked for a script must not get a page.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: `/` will answer 404 (run `npm run build`)');
    return;
  }
  // preCompressed: the build writes `.gz` beside its scripts and styles (apps/web/precompress.ts).
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'], preCompressed: true });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isPageRequest =
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/videoservice.') &&
      !path.startsWith('/assets/') &&
      !/\.[A-Za-z0-9]+$/.test(path);
    if (isPageRequest) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ message: 'Not found' });
  });
}
