import { AccountRefusedError } from '../../access';
import { bearerToken, InvalidTokenError, type TokenVerifier } from './token-verifier';
import type { User } from './user';

export type Authentication =
  | { kind: 'anonymous' }
  | { kind: 'user'; user: User }
  /** `refused`: the token was good but its holder is turned away. */
  | { kind: 'invalid'; reason: string; refused?: AccountRefusedError };

/** What an authorization header says about the caller; shared by the RPC interceptor and HTTP routes. */
export async function authenticate(
  verifier: TokenVerifier,
  header: string | null | undefined,
): Promise<Authentication> {
  const token = bearerToken(header);
  if (token === undefined) return { kind: 'anonymous' };
  if (token === null)
    return { kind: 'invalid', reason: 'Malformed authorization header: expected "Bearer <ID token>"' };
  try {
    return { kind: 'user', user: await verifier.verify(token) };
  } catch (error) {
    if (error instanceof AccountRefusedError) return { kind: 'invalid', reason: error.message, refused: error };
    if (error instanceof InvalidTokenError) return { kind: 'invalid', reason: error.message };
    throw error;
  }
}
