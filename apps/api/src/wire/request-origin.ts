import type { FastifyRequest } from 'fastify';

/** A host name or address with an optional port; anything else in a Host header is not used. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the caller reached this server at, for absolute links when PUBLIC_URL is unset:
 * Fastify's `request.host` and `protocol`, which follow X-Forwarded-Host/-Proto only when the
 * server trusts a proxy (TRUST_PROXY); a malformed host falls back to the socket's own address.
 */
export function originOf(request: FastifyRequest): string {
  const host = HOST.test(request.host) ? request.host : socketHost(request);
  return `${request.protocol}://${host}`;
}

function socketHost(request: FastifyRequest): string {
  const { localAddress, localPort } = request.raw.socket;
  const address = localAddress?.includes(':') ? `[${localAddress}]` : (localAddress ?? 'localhost');
  return localPort ? `${address}:${localPort}` : address;
}
