import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../auth/user';

/**
 * Resumable uploads one person may start per window. Each creation makes a video row at once (so
 * a share link exists from the first second); a recording makes one, a retry or the whole-file
 * fallback another. Thirty in ten minutes is a recording every 20 seconds, not a flood of rows.
 */
export const TUS_CREATION_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

/** Whether `user` may start another upload now; if not, in how many seconds they may. */
export type CreationCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts upload creations per person (the signed-in uid, from any address), in
 * @fastify/rate-limit's store: per process, so a cluster of N API processes lets a person start
 * up to N times as many (the per-address upload limit of rate-limits.ts still applies).
 * Needs the rate-limit plugin registered on `app` (registerRateLimits).
 */
export function tusCreationLimit(
  app: FastifyInstance,
): (request: FastifyRequest, user: User) => Promise<CreationCheck> {
  const people = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    ...TUS_CREATION_LIMIT,
    keyGenerator: (request) => `tus-creation:${people.get(request) ?? request.ip}`,
  });
  return async (request, user) => {
    people.set(request, user.uid);
    const state = await limit(request);
    if (!state.isAllowed && state.isExceeded)
      return { allowed: false, retryAfterSeconds: Math.max(1, state.ttlInSeconds) };
    return { allowed: true };
  };
}
