import { fastifyConnectPlugin } from '@connectrpc/connect-fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import videoRoutes from './rpc/video.routes';
import { registerWebApp } from './web.routes';

/** Builds the whole server from its configuration; listening is the caller's business. */
export async function build(config: Config, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(fastifyConnectPlugin, {
    routes: videoRoutes,
    grpcWeb: true,
    connect: true,
    grpc: true,
  });
  await registerWebApp(app, config.WEB_DIST);
  return app;
}
