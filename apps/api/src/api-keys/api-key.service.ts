import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { AccountRefusedError } from '../access';
import { InvalidTokenError, type TokenVerifier } from '../platform/auth/token-verifier';
import type { ApiKeyScope } from '../access';
import type { User } from '../platform/auth/user';
import * as keys from './api-key.repository';
import type { Database } from '../platform/db/schema';
import { PersonRateLimit } from '../platform/rate-limits/person-rate-limit';
import { MemoryRateLimitCounter, type RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';
import { AppError } from '../platform/app-error';
import { publishRevocation } from '../access';

/** Every key starts so: a bearer token that does is looked up here, never sent to Firebase. */
export const API_KEY_PREFIX = 'stk_';
export const MAX_KEY_NAME_LENGTH = 100;
/** Keys a person may hold (revoked ones included): enough for every script, not a table to fill. */
export const MAX_KEYS_PER_PERSON = 50;

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt?: Date;
  revokedAt?: Date;
  scope: ApiKeyScope;
}

const toKey = (row: Awaited<ReturnType<typeof keys.listApiKeys>>[number]): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at,
  scope: row.scope,
  ...(row.last_used_at ? { lastUsedAt: row.last_used_at } : {}),
  ...(row.revoked_at ? { revokedAt: row.revoked_at } : {}),
});

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** last_used_at is written at most this often per key: a script may call many times a second. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ApiKeysDeps {
  db: Kysely<Database>;
  log?: Pick<Logger, 'warn'>;
  /** Calls per key per minute (default 600). */
  callsPerMinute?: number;
  /** Where the calls are counted: the database in a server, so every API process shares the limit. */
  rateLimits?: RateLimitCounter;
}

/**
 * Personal API keys: a secret shown once, only its SHA-256 kept (a key has 192 random
 * bits, so a plain hash is as strong as a slow one and costs nothing per call). A key acts as its
 * owner within its scope (read, or read and write); account-level calls need a sign-in
 * (`access/api-key-scope.ts` decides, for every RPC and HTTP route).
 */
export class ApiKeyService {
  private readonly touched = new Map<string, number>();
  private readonly limit: PersonRateLimit;

  constructor(private readonly deps: ApiKeysDeps) {
    const counter = deps.rateLimits ?? new MemoryRateLimitCounter();
    this.limit = new PersonRateLimit('api-key', deps.callsPerMinute ?? 600, 60_000, counter);
  }

  /** `scope` unnamed: read and write, as keys were before scopes (the spec's clients name none). */
  async create(user: User, name: string, scope: ApiKeyScope = 'read_write'): Promise<{ key: ApiKey; secret: string }> {
    refuseKeyCallers(user);
    const trimmed = name.trim();
    if (!trimmed) throw new AppError('invalid_argument', 'Name the key, so you know later what uses it');
    if (trimmed.length > MAX_KEY_NAME_LENGTH)
      throw new AppError('invalid_argument', `A key's name is at most ${MAX_KEY_NAME_LENGTH} characters`);
    if ((await keys.listApiKeys(this.deps.db, user.uid)).length >= MAX_KEYS_PER_PERSON)
      throw new AppError('resource_exhausted', `At most ${MAX_KEYS_PER_PERSON} keys: delete some first`);
    const secret = API_KEY_PREFIX + randomBytes(24).toString('base64url');
    const row = await keys.insertApiKey(this.deps.db, {
      id: randomUUID(),
      uid: user.uid,
      name: trimmed,
      prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
      secretHash: hash(secret),
      scope,
    });
    return { key: toKey(row), secret };
  }

  async list(user: User): Promise<ApiKey[]> {
    refuseKeyCallers(user);
    return (await keys.listApiKeys(this.deps.db, user.uid)).map(toKey);
  }

  async revoke(user: User, id: string): Promise<ApiKey> {
    refuseKeyCallers(user);
    const row = await keys.revokeApiKey(this.deps.db, user.uid, id);
    if (!row) throw new AppError('not_found', `You have no key ${id}`);
    await publishRevocation(this.deps.db, { kind: 'key', id: row.id });
    return toKey(row);
  }

  /** The owner of a working key; InvalidTokenError for an unknown or revoked one. */
  async verify(secret: string): Promise<User> {
    const row = await keys.findWorkingKey(this.deps.db, hash(secret));
    if (!row) throw new InvalidTokenError('Unknown or revoked API key');
    if (!(await this.limit.take(row.id)))
      throw new AccountRefusedError('Too many calls with this API key: slow down', 'resource_exhausted');
    this.touch(row.id);
    return {
      uid: row.uid,
      ...(row.email ? { email: row.email } : {}),
      ...(row.display_name ? { name: row.display_name } : {}),
      apiKeyId: row.id,
      apiKeyScope: row.scope,
    };
  }

  private touch(id: string) {
    const now = Date.now();
    if (now - (this.touched.get(id) ?? 0) < TOUCH_INTERVAL_MS) return;
    this.touched.set(id, now);
    if (this.touched.size > 10_000) this.touched.delete(this.touched.keys().next().value!);
    keys
      .touchApiKey(this.deps.db, id)
      .catch((error: unknown) => this.deps.log?.warn({ err: error }, 'could not note an API key used'));
  }
}

/** Keys are managed with a sign-in, never with another key (a leaked key cannot mint more). */
export function refuseKeyCallers(user: User): void {
  if (user.apiKeyId) throw new AppError('permission_denied', 'Sign in to do this: an API key cannot');
}

/** `verifier` that also takes personal API keys (tokens starting `stk_`) for their owners. */
export function acceptingApiKeys(verifier: TokenVerifier, apiKeys: ApiKeyService): TokenVerifier {
  return {
    verify: (token) => (token.startsWith(API_KEY_PREFIX) ? apiKeys.verify(token) : verifier.verify(token)),
    close: () => verifier.close(),
  };
}
