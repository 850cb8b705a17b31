import { createContextKey, type HandlerContext } from '@connectrpc/connect';
import type { FastifyRequest } from 'fastify';
import { originOf } from '../http/request-origin';

/** The Fastify request a call arrived in (set by the Connect plugin's `contextValues`). */
export const kHttpRequest = createContextKey<FastifyRequest | undefined>(undefined, { description: 'Fastify request' });

/** The origin the caller reached this server at (see `originOf`), for absolute links when PUBLIC_URL is unset. */
export function requestOrigin(context: HandlerContext): string {
  const request = context.values.get(kHttpRequest);
  return request ? originOf(request) : 'http://localhost';
}
