import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type Authentication } from '../auth/authenticate';
import type { TokenVerifier } from '../auth/token-verifier';

/** The caller of an HTTP route; a bad token has already been answered with 401 (undefined). */
export async function httpCaller(
  verifier: TokenVerifier,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Exclude<Authentication, { kind: 'invalid' }> | undefined> {
  const result = await authenticate(verifier, request.headers.authorization);
  if (result.kind !== 'invalid') return result;
  await sendUnauthenticated(reply, result.reason);
  return undefined;
}

export function sendUnauthenticated(reply: FastifyReply, message = 'Sign in: this request needs an ID token') {
  return reply.code(401).header('www-authenticate', 'Bearer').send({ message });
}
