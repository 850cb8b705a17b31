import type { FastifyRequest } from 'fastify';

/** A host name or address with an optional port; anything else in a Host header is not used. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the caller reached this server at, for absolute links when PUBLIC_URL is unset. A
 * request from a proxy TRUST_PROXY names gets the origin that proxy reports (X-Forwarded-Host and
 * -Proto, else its Host: Fastify's `request.host` and `protocol`); any other request gets the
 * address and port its connection reached: a client's Host header is never a link.
 */
export function originOf(request: FastifyRequest): string {
  const forwarded = request.server.trustsProxy?.(request.raw.socket.remoteAddress, 0) ?? false;
  const host = forwarded && HOST.test(request.host) ? request.host : socketHost(request);
  return `${forwarded ? request.protocol : encrypted(request) ? 'https' : 'http'}://${host}`;
}

function encrypted(request: FastifyRequest): boolean {
  return 'encrypted' in request.raw.socket && request.raw.socket.encrypted === true;
}

function socketHost(request: FastifyRequest): string {
  const { localAddress, localPort } = request.raw.socket;
  const plain = localAddress?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const address = plain?.includes(':') ? `[${plain}]` : (plain ?? 'localhost');
  return localPort ? `${address}:${localPort}` : address;
}
