// People signed in with test tokens (src/platform/auth/test-token-verifier.ts) instead of an Auth
// emulator sign-up: every server startTestServer or startEdgeServer builds accepts them, without
// a round trip to the emulator per person nor per request. What needs a real sign-in account
// (deleting one, signing in again with the password) and servers in processes of their own use
// the emulator (auth-emulator.ts), as does the smoke test of the real verifier (account-rpc).
import type { TestUser } from '@stream/auth/testing';
import { uniqueEmail } from '@stream/auth/testing';
import { TestTokens } from '../../src/platform/auth/test-token-verifier';

/** This test file's key: the servers it starts accept the tokens signed with it. */
export const testTokens = TestTokens.generate();

/**
 * A new person and an ID token for them, as `newTestUser` of auth-emulator.ts gives (the same
 * signature, so a suite switches by its import); no sign-in account is behind it, so it has no
 * password nor refresh token. The host is ignored.
 */
export async function newTestUser(
  _emulatorHost?: string,
  options: { email?: string; displayName?: string; emailVerified?: boolean } = {},
): Promise<TestUser> {
  const uid = TestTokens.newUid();
  const email = options.email ?? uniqueEmail();
  const idToken = testTokens.sign({
    uid,
    email,
    emailVerified: options.emailVerified === true,
    ...(options.displayName === undefined ? {} : { name: options.displayName }),
  });
  return { uid, email, password: '', idToken, refreshToken: '' };
}
