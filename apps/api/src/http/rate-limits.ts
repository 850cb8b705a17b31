import rateLimit from '@fastify/rate-limit';
import { Code } from '@connectrpc/connect';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRpcPath, sendRpcError } from '../wire/error-response';
import { closeAfterAnswer } from './early-answer';

/**
 * Failed authentications (bad, expired or foreign ID tokens, wrong signatures or share tokens) one
 * client address may make per window before every request it makes with credentials is refused
 * until the window ends. Enough for a client that retries with a stale token; far too few to guess.
 */
export const FAILED_AUTH_LIMIT = { max: 30, timeWindow: 10 * 60_000 };
/** Upload attempts per client address and window: a recording a minute with retries, not a flood. */
export const UPLOAD_LIMIT = { max: 30, timeWindow: 60_000 };
/**
 * Uploads (whole files and resumable ones) one signed-in person may start per window, from any
 * number of addresses: what a person with a valid token does is limited even if their address is
 * not what it seems.
 */
export const PERSON_UPLOAD_LIMIT = { max: 30, timeWindow: 60_000 };

const UPLOAD_PATH = '/api/videoservice/upload';

export interface RateLimits {
  /** Counts a failed authentication of `request`'s client address (RPCs call it from the auth interceptor). */
  failedAuthentication(request: FastifyRequest): Promise<void>;
  /**
   * Counts an upload `uid` starts (after its token verified); past PERSON_UPLOAD_LIMIT, answers 429
   * with Retry-After and resolves true: the route has answered.
   */
  personUpload(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<boolean>;
}

/**
 * Per client address (`request.ip`, which follows X-Forwarded-For only with TRUST_PROXY), in
 * @fastify/rate-limit's store: failed authentications, counted when they fail and checked before
 * any request that carries credentials, and upload attempts. The range requests of a playing
 * video are never counted: a valid signed URL does not fail. Loopback clients are not limited:
 * they are this machine, or every client at once behind a local proxy without TRUST_PROXY.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<RateLimits> {
  await app.register(rateLimit, { global: false });
  const failures = app.createRateLimit({ ...FAILED_AUTH_LIMIT, allowList: isLoopback });
  const uploads = app.createRateLimit({ ...UPLOAD_LIMIT, allowList: isLoopback });
  const people = new WeakMap<FastifyRequest, string>();
  const personUploads = app.createRateLimit({
    ...PERSON_UPLOAD_LIMIT,
    allowList: isLoopback,
    keyGenerator: (request) => `person:${people.get(request)}`,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (hasCredentials(request)) {
      const state = await failures(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0 && state.ttl > 0) {
        return tooMany(request, reply, state.ttlInSeconds, 'Too many failed sign-ins from this address');
      }
    }
    if (request.method === 'POST' && request.url.split('?')[0] === UPLOAD_PATH) {
      const state = await uploads(request);
      if (!state.isAllowed && state.isExceeded)
        return tooMany(request, reply, state.ttlInSeconds, 'Too many uploads from this address');
    }
    return undefined;
  });
  // HTTP routes answer 401 themselves; RPCs report through failedAuthentication (gRPC-web errors are HTTP 200).
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 401 && !isRpcPath(request.url) && hasCredentials(request)) await failures(request);
  });

  return {
    failedAuthentication: async (request) => void (await failures(request)),
    async personUpload(request, reply, uid) {
      people.set(request, uid);
      const state = await personUploads(request);
      if (state.isAllowed || !state.isExceeded) return false;
      await tooMany(request, reply, state.ttlInSeconds, 'Too many uploads by this account; wait a minute');
      return true;
    },
  };
}

const isLoopback = (request: FastifyRequest) => /^(?:127\.|::1$|::ffff:127\.)/.test(request.ip);

/** Whether a request presents something that could fail authentication. */
function hasCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization || request.headers['x-share-token']) return true;
  const query = request.url.split('?')[1];
  return query !== undefined && /(?:^|&)(?:signature|share)=/.test(query);
}

function tooMany(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number, message: string) {
  reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
  closeAfterAnswer(request, reply);
  if (isRpcPath(request.url)) return sendRpcError(request, reply, Code.ResourceExhausted, message);
  return reply.code(429).send({ message });
}
