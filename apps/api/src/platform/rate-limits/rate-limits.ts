import { Code } from '@connectrpc/connect';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../auth/user';
import type { RateLimitCounter, WindowCount } from './rate-limit-counter';
import { isRpcPath, sendRpcError } from '../rpc/error-response';
import { closeAfterAnswer } from '../http/early-answer';

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
/**
 * Resumable uploads one person may start per window. Each creation makes a video row at once (so
 * a share link exists from the first second); a recording makes one, a retry or the whole-file
 * fallback another. Thirty in ten minutes is a recording every 20 seconds, not a flood of rows.
 */
export const TUS_CREATION_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

/**
 * How long one process reuses what it read of an address's failed authentications before asking
 * the database again: every request with credentials (each range of a playing video) is checked,
 * and a second's delay in seeing another process's count costs at most a second's worth of guesses.
 */
const FAILURES_READ_MS = 1000;

const UPLOAD_PATH = '/api/videoservice/upload';

/** Whether `user` may start another upload now; if not, in how many seconds they may. */
export type CreationCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimits {
  /**
   * Whether requests with credentials from `ip` are refused now (past FAILED_AUTH_LIMIT), as the
   * onRequest check refuses them: for a path that answers outside Fastify's hooks (signed-range-lane.ts).
   */
  credentialsRefused(ip: string): Promise<boolean>;
  /** Counts a failed authentication of `request`'s client address (RPCs call it from the auth interceptor). */
  failedAuthentication(request: FastifyRequest): Promise<void>;
  /**
   * Counts an upload `uid` starts (after its token verified); past PERSON_UPLOAD_LIMIT, answers 429
   * with Retry-After and resolves true: the route has answered.
   */
  personUpload(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<boolean>;
  /** Counts a resumable upload `user` creates (per person, from any address): TUS_CREATION_LIMIT. */
  tusCreation(user: User): Promise<CreationCheck>;
}

/**
 * Per client address (`request.ip`, which follows X-Forwarded-For only with TRUST_PROXY), counted
 * in `counter` (the database: every API process of a cluster shares the counts): failed
 * authentications, counted when they fail and checked before any request that carries credentials,
 * and upload attempts. The range requests of a playing video are never counted: a valid signed URL
 * does not fail. Loopback clients are not limited: they are this machine, or every client at once
 * behind a local proxy without TRUST_PROXY. Per person: uploads, and resumable upload creations.
 */
export function registerRateLimits(
  app: FastifyInstance,
  counter: RateLimitCounter,
  onLimited: (limit: string) => void = () => undefined,
): RateLimits {
  const failures = new RecentReads(counter, FAILURES_READ_MS);
  const failuresKeyOf = (ip: string) => `failed-auth:${ip}`;
  const failuresKey = (request: FastifyRequest) => failuresKeyOf(request.ip);

  app.addHook('onRequest', async (request, reply) => {
    if (hasCredentials(request) && !isLoopback(request)) {
      const state = await failures.peek(failuresKey(request));
      if (state && state.hits >= FAILED_AUTH_LIMIT.max) {
        onLimited('failed-auth');
        return tooMany(request, reply, state.msLeft, 'Too many failed sign-ins from this address');
      }
    }
    if (request.method === 'POST' && request.url.split('?')[0] === UPLOAD_PATH && !isLoopback(request)) {
      const state = await counter.hit(`upload:${request.ip}`, UPLOAD_LIMIT.timeWindow);
      if (state.hits > UPLOAD_LIMIT.max) {
        onLimited('upload');
        return tooMany(request, reply, state.msLeft, 'Too many uploads from this address');
      }
    }
    return undefined;
  });
  const failed = async (request: FastifyRequest) => {
    if (isLoopback(request)) return;
    failures.remember(failuresKey(request), await counter.hit(failuresKey(request), FAILED_AUTH_LIMIT.timeWindow));
  };
  // HTTP routes answer 401 themselves; RPCs report through failedAuthentication (gRPC-web errors are HTTP 200).
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 401 && !isRpcPath(request.url) && hasCredentials(request)) await failed(request);
  });

  return {
    credentialsRefused: async (ip) => {
      if (isLoopbackAddress(ip)) return false;
      const state = await failures.peek(failuresKeyOf(ip));
      return state !== undefined && state.hits >= FAILED_AUTH_LIMIT.max;
    },
    failedAuthentication: failed,
    async personUpload(request, reply, uid) {
      if (isLoopback(request)) return false;
      const state = await counter.hit(`person-upload:${uid}`, PERSON_UPLOAD_LIMIT.timeWindow);
      if (state.hits <= PERSON_UPLOAD_LIMIT.max) return false;
      onLimited('person-upload');
      await tooMany(request, reply, state.msLeft, 'Too many uploads by this account; wait a minute');
      return true;
    },
    async tusCreation(user) {
      const state = await counter.hit(`tus-creation:${user.uid}`, TUS_CREATION_LIMIT.timeWindow);
      if (state.hits <= TUS_CREATION_LIMIT.max) return { allowed: true };
      onLimited('tus-creation');
      return { allowed: false, retryAfterSeconds: retryAfterSeconds(state.msLeft) };
    },
  };
}

/** What this process last read of a few keys, reused for `maxAgeMs`; what it counted itself replaces it at once. */
class RecentReads {
  private readonly reads = new Map<string, { at: number; state: WindowCount | undefined }>();

  constructor(
    private readonly counter: RateLimitCounter,
    private readonly maxAgeMs: number,
  ) {}

  async peek(key: string): Promise<WindowCount | undefined> {
    const now = Date.now();
    const read = this.reads.get(key);
    if (read && now - read.at < this.maxAgeMs)
      return read.state && { ...read.state, msLeft: read.state.msLeft - (now - read.at) };
    // A database that does not answer lets the request on: the route then answers for itself
    // (503 where it needs the database), rather than every signed range failing here.
    const state = await this.counter.peek(key).catch(() => undefined);
    this.remember(key, state);
    return state;
  }

  remember(key: string, state: WindowCount | undefined): void {
    const now = Date.now();
    if (this.reads.size > 10_000)
      for (const [old, read] of this.reads) if (now - read.at >= this.maxAgeMs) this.reads.delete(old);
    this.reads.set(key, { at: now, state });
  }
}

const isLoopbackAddress = (ip: string) => /^(?:127\.|::1$|::ffff:127\.)/.test(ip);
const isLoopback = (request: FastifyRequest) => isLoopbackAddress(request.ip);

const retryAfterSeconds = (msLeft: number) => Math.max(1, Math.ceil(msLeft / 1000));

/** Whether a request presents something that could fail authentication. */
function hasCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization || request.headers['x-share-token']) return true;
  const query = request.url.split('?')[1];
  return query !== undefined && /(?:^|&)(?:signature|share)=/.test(query);
}

function tooMany(request: FastifyRequest, reply: FastifyReply, msLeft: number, message: string) {
  reply.header('retry-after', String(retryAfterSeconds(msLeft)));
  closeAfterAnswer(request, reply);
  if (isRpcPath(request.url)) return sendRpcError(request, reply, Code.ResourceExhausted, message);
  return reply.code(429).send({ message });
}
