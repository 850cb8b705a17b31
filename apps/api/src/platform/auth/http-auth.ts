import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpKeyAccess, keyRefusal } from '../../access';
import { authenticate, type Authentication } from './authenticate';
import type { TokenVerifier } from './token-verifier';

/** What a route's Authorization header says; `forbidden`: an API key outside its scope here. */
export type RouteAuthentication = Authentication | { kind: 'forbidden'; reason: string };

/**
 * The caller of this route, with an API key held to its scope for the route
 * (`access/api-key-scope.ts`, by the route's URL pattern).
 */
export async function routeAuthentication(
  verifier: TokenVerifier,
  request: FastifyRequest,
): Promise<RouteAuthentication> {
  const result = await authenticate(verifier, request.headers.authorization);
  if (result.kind !== 'user') return result;
  const refused = keyRefusal(result.user, httpKeyAccess(request.routeOptions.url));
  return refused ? { kind: 'forbidden', reason: refused } : result;
}

/** The caller of an HTTP route; a bad token (401) or a key outside its scope (403) has already been answered (undefined). */
export async function httpCaller(
  verifier: TokenVerifier,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Exclude<Authentication, { kind: 'invalid' }> | undefined> {
  const result = await routeAuthentication(verifier, request);
  if (result.kind === 'anonymous' || result.kind === 'user') return result;
  await refuseCaller(reply, result);
  return undefined;
}

/** Answers a caller who is not a signed-in person allowed here: 401 (none or a bad token) or 403 (a key's scope). */
export function refuseCaller(reply: FastifyReply, result: Exclude<RouteAuthentication, { kind: 'user' }>) {
  if (result.kind === 'forbidden') return reply.code(403).send({ message: result.reason });
  return sendUnauthenticated(reply, result.kind === 'invalid' ? result.reason : undefined);
}

export function sendUnauthenticated(reply: FastifyReply, message = 'Sign in: this request needs an ID token') {
  return reply.code(401).header('www-authenticate', 'Bearer').send({ message });
}
