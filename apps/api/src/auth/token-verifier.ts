import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
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

/**
 * Verifies Firebase ID tokens of `projectId` with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST
 * set, firebase-admin accepts the emulator's (unsigned) tokens and still checks audience, issuer
 * and expiry.
 */
export function createTokenVerifier(projectId: string): TokenVerifier {
  const app = initializeApp({ projectId }, `stream-api-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken);
        const name: unknown = decoded.name;
        return {
          uid: decoded.uid,
          email: decoded.email,
          ...(typeof name === 'string' && name.trim() ? { name: name.trim().slice(0, 200) } : {}),
        };
      } catch (error) {
        throw new InvalidTokenError('Invalid or expired ID token', { cause: error });
      }
    },
    close: () => deleteApp(app),
  };
}

/** The token of an `authorization: Bearer <token>` header; null when the header is malformed. */
export function bearerToken(header: string | null | undefined): string | null | undefined {
  if (header === undefined || header === null || header === '') return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}
