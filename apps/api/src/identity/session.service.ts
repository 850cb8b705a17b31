import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import { forgetEndedSessions, insertSession, liveSession, revokeSession, rotateRefresh } from './session.repository';
import type { SessionPerson, SessionTokens } from './session-tokens';

/** How long a session lasts without a refresh; each refresh starts it again. */
export const REFRESH_DAYS = 30;

export const SESSION_ENDED_MESSAGE = 'This session has ended (signed out, expired or replaced): sign in again';

/** A refresh refused: nothing was issued and the session is as it was. */
export class SessionRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionRefusedError';
  }
}

/** What a new or refreshed session hands the browser: the access token to send, the refresh token to keep HttpOnly. */
export interface IssuedSession {
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/**
 * Stream's own sessions after an OpenID Connect sign-in: a short-lived access token
 * (session-tokens.ts) and a refresh token kept only as its SHA-256, rotated at each use and
 * revocable. `admit` refuses a person the instance turns away (disabled) before anything is issued.
 */
export class SessionService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      tokens: SessionTokens;
      /** Throws (AccountRefusedError) when `user` may not use Stream now. */
      admit: (user: User) => Promise<void>;
      now?: () => number;
    },
  ) {}

  /** `idToken`: the provider's, kept for its logout's `id_token_hint`. */
  async start(person: SessionPerson, provider: { idToken?: string } = {}): Promise<IssuedSession> {
    const id = randomUUID();
    const refreshToken = newRefreshToken();
    const refreshExpiresAt = this.refreshExpiry();
    await forgetEndedSessions(this.deps.db, person.uid);
    await insertSession(this.deps.db, {
      id,
      uid: person.uid,
      refreshHash: hashOf(refreshToken),
      emailVerified: person.emailVerified,
      expiresAt: refreshExpiresAt,
      idToken: provider.idToken,
    });
    const access = await this.deps.tokens.issue(person, id);
    return { accessToken: access.token, accessExpiresAt: access.expiresAt, refreshToken, refreshExpiresAt };
  }

  /**
   * A new access token and refresh token for a live session's `refreshToken`, which stops working;
   * SessionRefusedError (or the gate's AccountRefusedError) for one revoked, expired, already
   * used, or whose person is disabled: nothing changes then.
   */
  async refresh(refreshToken: string): Promise<IssuedSession> {
    const usedHash = hashOf(refreshToken);
    const session = await liveSession(this.deps.db, usedHash);
    if (!session) throw new SessionRefusedError(SESSION_ENDED_MESSAGE);
    const person: SessionPerson = {
      uid: session.uid,
      email: session.email || undefined,
      emailVerified: session.emailVerified,
      name: session.displayName || undefined,
    };
    await this.deps.admit({ uid: person.uid, email: person.email, emailVerified: person.emailVerified });
    const next = newRefreshToken();
    const refreshExpiresAt = this.refreshExpiry();
    // Only if the token used is still the session's: of two refreshes with it, one wins.
    if (!(await rotateRefresh(this.deps.db, session.id, usedHash, hashOf(next), refreshExpiresAt)))
      throw new SessionRefusedError(SESSION_ENDED_MESSAGE);
    const access = await this.deps.tokens.issue(person, session.id);
    return { accessToken: access.token, accessExpiresAt: access.expiresAt, refreshToken: next, refreshExpiresAt };
  }

  /**
   * Ends the session `refreshToken` opens (its access token lives out its few minutes): what its
   * provider's logout needs (the ID token it was begun with, if any), or undefined when none was live.
   */
  async revoke(refreshToken: string): Promise<{ idToken?: string } | undefined> {
    const ended = await revokeSession(this.deps.db, hashOf(refreshToken));
    return ended && (ended.idToken ? { idToken: ended.idToken } : {});
  }

  private refreshExpiry(): Date {
    return new Date((this.deps.now ?? Date.now)() + REFRESH_DAYS * 24 * 60 * 60 * 1000);
  }
}

const newRefreshToken = () => `str_${randomBytes(32).toString('base64url')}`;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
