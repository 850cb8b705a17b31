import { describe, expect, it } from 'vitest';
import { InvalidTokenError, type TokenVerifier } from '../platform/auth/token-verifier';
import { ACCESS_TOKEN_SECONDS, acceptingSessions, SessionTokens } from './session-tokens';

const person = { uid: 'oidc_abc', email: 'a@example.com', emailVerified: true, name: 'A <b>' };

describe('SessionTokens', () => {
  it('gives the same User a Firebase ID token would, expiring with the token', async () => {
    const now = Date.UTC(2026, 11, 7, 12);
    const tokens = new SessionTokens('a-signing-secret-of-16+', () => now);
    const { token, expiresAt } = await tokens.issue(person, 'session-1');
    expect(expiresAt.getTime()).toBe(now + ACCESS_TOKEN_SECONDS * 1000);
    expect(await tokens.verify(token)).toEqual({
      uid: 'oidc_abc',
      email: 'a@example.com',
      emailVerified: true,
      name: 'A <b>',
      expiresAt,
    });
  });

  it('lives SESSION_ACCESS_SECONDS when given, and is refused after it', async () => {
    let now = Date.UTC(2026, 11, 7, 12);
    const tokens = new SessionTokens('a-signing-secret-of-16+', () => now, 30);
    const { token, expiresAt } = await tokens.issue(person, 'session-1');
    expect(expiresAt.getTime()).toBe(now + 30_000);
    now += 31_000;
    await expect(tokens.verify(token)).rejects.toThrow(new InvalidTokenError('Expired session token: refresh it'));
  });

  it('refuses a token past its few minutes, one of another key, and a doctored one', async () => {
    let now = Date.now();
    const tokens = new SessionTokens('a-signing-secret-of-16+', () => now);
    const { token } = await tokens.issue(person, 'session-1');
    now += (ACCESS_TOKEN_SECONDS + 1) * 1000;
    await expect(tokens.verify(token)).rejects.toThrow(new InvalidTokenError('Expired session token: refresh it'));

    const other = await new SessionTokens('another-secret-of-16+').issue(person, 'session-2');
    await expect(new SessionTokens('a-signing-secret-of-16+').verify(other.token)).rejects.toThrow(
      'Invalid session token',
    );

    const fresh = await new SessionTokens('a-signing-secret-of-16+').issue(person, 'session-3');
    const [header, , signature] = fresh.token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'someone-else', sid: 'x', exp: 9999999999, iss: 'stream', aud: 'stream-api' }),
    ).toString('base64url');
    await expect(
      new SessionTokens('a-signing-secret-of-16+').verify(`${header}.${payload}.${signature}`),
    ).rejects.toThrow('Invalid session token');
  });

  it('sends every other token to the verifier it wraps (Firebase ID tokens, API keys)', async () => {
    const tokens = new SessionTokens('a-signing-secret-of-16+');
    const seen: string[] = [];
    const firebase: TokenVerifier = {
      verify: async (token) => (seen.push(token), { uid: 'firebase-uid' }),
      close: async () => undefined,
    };
    const verifier = acceptingSessions(firebase, tokens);
    const { token } = await tokens.issue(person, 's');
    expect((await verifier.verify(token)).uid).toBe('oidc_abc');
    expect((await verifier.verify('eyJhbGciOiJSUzI1NiJ9.e30.sig')).uid).toBe('firebase-uid');
    expect((await verifier.verify('not-a-jwt')).uid).toBe('firebase-uid');
    expect(seen).toEqual(['eyJhbGciOiJSUzI1NiJ9.e30.sig', 'not-a-jwt']);
  });
});
