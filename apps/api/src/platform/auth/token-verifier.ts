import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { cleanDisplayText } from '@stream/proto';
import type { Logger } from 'pino';
import type { User } from './user';

export class InvalidTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

export interface TokenVerifier {
  /** The user an ID token names; rejects with InvalidTokenError for a bad, expired or foreign token. */
  verify(idToken: string): Promise<User>;
  close(): Promise<void>;
}

/** The claims of a verified ID token the API reads. */
export interface TokenClaims {
  uid: string;
  exp: number;
  email?: string;
  email_verified?: boolean;
  name?: unknown;
  picture?: unknown;
}

/** The caller a verified token names (the tests' tokens too: test-token-verifier.ts). */
export function userOfClaims(decoded: TokenClaims): User {
  // Anyone sets their provider profile's name from the client SDK: the same rule as a name typed in /settings.
  const name = typeof decoded.name === 'string' ? cleanDisplayText(decoded.name) : '';
  return {
    uid: decoded.uid,
    email: decoded.email,
    emailVerified: decoded.email_verified === true,
    expiresAt: new Date(decoded.exp * 1000),
    ...(name ? { name: [...name].slice(0, 200).join('') } : {}),
    ...(typeof decoded.picture === 'string' && /^https?:\/\//.test(decoded.picture) && decoded.picture.length <= 2048
      ? { photoUrl: decoded.picture }
      : {}),
  };
}

/**
 * Verifies Firebase ID tokens of `projectId` with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST
 * set, firebase-admin accepts the emulator's (unsigned) tokens and still checks audience, issuer
 * and expiry. Each refusal is logged with firebase-admin's reason (a token of another project
 * names both projects), never the token: an expired one at info (clients refresh), others at warn.
 */
export function createTokenVerifier(projectId: string, log?: Pick<Logger, 'info' | 'warn'>): TokenVerifier {
  const app = initializeApp({ projectId }, `stream-api-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      try {
        return userOfClaims(await auth.verifyIdToken(idToken));
      } catch (error) {
        const { code, reason } = refusal(error);
        const line = `ID token refused (${code}): ${reason}`;
        if (code === 'auth/id-token-expired') log?.info({ code }, line);
        else log?.warn({ code, projectId }, line);
        throw new InvalidTokenError('Invalid or expired ID token', { cause: error });
      }
    },
    close: () => deleteApp(app),
  };
}

/**
 * Whether ID tokens are really verified: firebase-admin skips the signature of every token while
 * FIREBASE_AUTH_EMULATOR_HOST is in the environment (it reads it on each call), so this does too.
 */
export const tokensAreVerified = () => !process.env.FIREBASE_AUTH_EMULATOR_HOST;

/** The token of an `authorization: Bearer <token>` header; null when the header is malformed. */
export function bearerToken(header: string | null | undefined): string | null | undefined {
  if (header === undefined || header === null || header === '') return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/** firebase-admin's code and the sentences of its message that say what is wrong, without any token. */
function refusal(error: unknown): { code: string; reason: string } {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : 'unknown';
  const message = error instanceof Error ? error.message : String(error);
  const reason = message
    .split(/ (?:Make sure|See https?:)/)[0]!
    .replace(/[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, '[token]')
    .slice(0, 300);
  return { code, reason };
}
