import { createContextKey, type HandlerContext } from '@connectrpc/connect';
import type { FastifyRequest } from 'fastify';

/** The Fastify request a call arrived in (set by the Connect plugin's `contextValues`). */
export const kHttpRequest = createContextKey<FastifyRequest | undefined>(undefined, { description: 'Fastify request' });

/** A host name or address with an optional port; anything else in a Host header is not used. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the caller reached this server at, for absolute links when PUBLIC_URL is unset:
 * Fastify's `request.host` and `protocol`, which follow X-Forwarded-Host/-Proto only when the
 * server trusts a proxy (TRUST_PROXY); a malformed host falls back to the socket's own address.
 */
export function requestOrigin(context: HandlerContext): string {
  const request = context.values.get(kHttpRequest);
  if (!request) return 'http://localhost';
  const host = HOST.test(request.host) ? request.host : socketHost(request);
  return `${request.protocol}://${host}`;
}

function socketHost(request: FastifyRequest): string {
  const { localAddress, localPort } = request.raw.socket;
  const address = localAddress?.includes(':') ? `[${localAddress}]` : (localAddress ?? 'localhost');
  return localPort ? `${address}:${localPort}` : address;
}
