import type { Logger } from 'pino';
import type { Config } from '../../config';
import { createSignInAccounts } from './sign-in-accounts';
import { createTokenVerifier, InvalidTokenError, type TokenVerifier } from './token-verifier';

export const FIREBASE_OFF_MESSAGE =
  'Firebase sign-in is off on this server (FIREBASE_AUTH=off): sign in with your organisation';

/**
 * Firebase's parts in the API: the ID token verifier and the sign-in accounts that deleting an
 * account removes. With FIREBASE_AUTH=off neither touches Firebase (no Firebase Admin app, no
 * project): every Firebase ID token is refused with a message saying why, and there is no Firebase
 * account to delete.
 */
export function firebaseAuth(
  config: Pick<Config, 'FIREBASE_AUTH' | 'FIREBASE_PROJECT_ID'>,
  log?: Pick<Logger, 'info' | 'warn'>,
): { verifier: TokenVerifier; signIns: { delete(uid: string): Promise<void>; close(): Promise<void> } } {
  if (config.FIREBASE_AUTH === 'off')
    return {
      verifier: {
        verify: () => Promise.reject(new InvalidTokenError(FIREBASE_OFF_MESSAGE)),
        close: async () => undefined,
      },
      signIns: { delete: async () => undefined, close: async () => undefined },
    };
  return {
    verifier: createTokenVerifier(config.FIREBASE_PROJECT_ID, log),
    signIns: createSignInAccounts(config.FIREBASE_PROJECT_ID),
  };
}
