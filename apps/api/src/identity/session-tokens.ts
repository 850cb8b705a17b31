import { createHmac } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { InvalidTokenError, userOfClaims, type TokenVerifier } from '../platform/auth/token-verifier';
import type { User } from '../platform/auth/user';

/**
 * How long a session's access token is good by default (SESSION_ACCESS_SECONDS). A revoked session (logout, a refresh refused) or
 * one whose refresh token is stolen stops working within this at the latest: access tokens are
 * checked by signature alone, as Firebase ID tokens are (a disabled person is refused at once by
 * the account gate, whatever their token).
 */
export const ACCESS_TOKEN_SECONDS = 5 * 60;

/** The `kid` Stream's access tokens carry, so a verifier tells them from a Firebase ID token without trying both. */
const KEY_ID = 'stream-session';
const AUDIENCE = 'stream-api';
const ISSUER = 'stream';

/** What an access token says of its holder (the claims a Firebase ID token carries too). */
export interface SessionPerson {
  uid: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * Stream's own access tokens: JWTs (HS256) with a key derived from URL_SIGNING_SECRET, as share
 * link passes are (so every API process of a cluster accepts another's), never equal to it.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
    private readonly lifetimeSeconds = ACCESS_TOKEN_SECONDS,
  ) {
    this.key = createHmac('sha256', secret).update('stream-session-access-token').digest();
  }

  /** An access token for `person` in session `sessionId`, and when it expires. */
  async issue(person: SessionPerson, sessionId: string): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expires = issuedAt + this.lifetimeSeconds;
    const token = await new SignJWT({
      sid: sessionId,
      ...(person.email ? { email: person.email } : {}),
      email_verified: person.emailVerified,
      ...(person.name ? { name: person.name } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', kid: KEY_ID, typ: 'JWT' })
      .setSubject(person.uid)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expires)
      .sign(this.key);
    return { token, expiresAt: new Date(expires * 1000) };
  }

  /** Whether `token` claims to be one of ours (its header's `kid`); a verifier then never asks Firebase. */
  static claimsToBeOurs(token: string): boolean {
    try {
      return decodeProtectedHeader(token).kid === KEY_ID;
    } catch {
      return false;
    }
  }

  /** The person a valid access token names, as a Firebase ID token's would be; InvalidTokenError otherwise. */
  async verify(token: string): Promise<User> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp', 'sid'],
      });
      return userOfClaims({
        uid: payload.sub!,
        exp: payload.exp!,
        email: typeof payload.email === 'string' ? payload.email : undefined,
        email_verified: payload.email_verified === true,
        name: payload.name,
      });
    } catch (error) {
      const expired = error instanceof errors.JWTExpired;
      throw new InvalidTokenError(expired ? 'Expired session token: refresh it' : 'Invalid session token', {
        cause: error,
      });
    }
  }
}

/** `verifier`, also taking Stream's session access tokens (by their `kid`) for the same `User`. */
export function acceptingSessions(verifier: TokenVerifier, tokens: SessionTokens): TokenVerifier {
  return {
    verify: (token) => (SessionTokens.claimsToBeOurs(token) ? tokens.verify(token) : verifier.verify(token)),
    close: () => verifier.close(),
  };
}
