import { describe, expect, it } from 'vitest';
import { acceptingTestTokens, TestTokens } from './test-token-verifier';
import { createTokenVerifier, InvalidTokenError, type TokenVerifier } from './token-verifier';

/** The real verifier's stand-in: it knows one token, refuses any other, and says which it saw. */
function firebase(): TokenVerifier & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    async verify(idToken) {
      seen.push(idToken);
      if (idToken === 'firebase-token') return { uid: 'from-firebase' };
      throw new InvalidTokenError('Invalid or expired ID token');
    },
    close: async () => {},
  };
}

describe('test tokens', () => {
  it('name their person as a Firebase ID token would, without asking the real verifier', async () => {
    const tokens = TestTokens.generate();
    const real = firebase();
    const verifier = acceptingTestTokens(real, tokens);
    const token = tokens.sign({ uid: 'u1', email: 'a@example.com', emailVerified: true, name: ' Ada\u0000 ' });
    const user = await verifier.verify(token);
    expect(user).toMatchObject({ uid: 'u1', email: 'a@example.com', emailVerified: true, name: 'Ada' });
    expect(user.expiresAt!.getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(real.seen).toEqual([]);
  });

  it('leave every other token to the real verifier', async () => {
    const real = firebase();
    const verifier = acceptingTestTokens(real, TestTokens.generate());
    expect(await verifier.verify('firebase-token')).toEqual({ uid: 'from-firebase' });
    await expect(verifier.verify('garbage')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(real.seen).toEqual(['firebase-token', 'garbage']);
  });

  it('are refused when signed with another key, altered, or expired', async () => {
    const tokens = TestTokens.generate();
    const verifier = acceptingTestTokens(firebase(), tokens);
    const other = TestTokens.generate().sign({ uid: 'u1' });
    await expect(verifier.verify(other)).rejects.toBeInstanceOf(InvalidTokenError);

    const [header, , signature] = tokens.sign({ uid: 'u1' }).split('.');
    const claims = Buffer.from(JSON.stringify({ uid: 'admin', exp: 2 ** 31 })).toString('base64url');
    await expect(verifier.verify(`${header}.${claims}.${signature}`)).rejects.toBeInstanceOf(InvalidTokenError);

    await expect(verifier.verify(tokens.sign({ uid: 'u1', expiresIn: -1 }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('are refused by the real verifier, which a server built without the key has alone', async () => {
    const real = createTokenVerifier('demo-stream');
    try {
      // Refused on its header and claims (no Firebase issuer nor audience), before any key is fetched.
      await expect(real.verify(TestTokens.generate().sign({ uid: 'u1' }))).rejects.toBeInstanceOf(InvalidTokenError);
    } finally {
      await real.close();
    }
  });
});
