import type { FastifyReply } from 'fastify';

/** Helmet refused framing in onRequest (on the raw response): this page's frame policy is any site (the embed). */
export function allowFraming(reply: FastifyReply) {
  const response = reply.raw;
  response.removeHeader('x-frame-options');
  const policy = response.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    response.setHeader('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
}
