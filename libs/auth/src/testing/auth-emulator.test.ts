// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator';
import { createTestUser, mayPredateValidSince, signInTestUser } from './test-users';

let emulator: AuthEmulator;
beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 120_000);
afterAll(() => emulator?.stop());

describe('the Auth emulator test helpers', () => {
  it('creates a user whose ID token names it', async () => {
    const user = await createTestUser(emulator.host);
    const [, payload] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.user_id).toBe(user.uid);
    expect(claims.aud).toBe('demo-stream');
  });

  it('refuses a wrong password', async () => {
    const user = await createTestUser(emulator.host);
    await expect(signInTestUser(emulator.host, user.email, 'wrong')).rejects.toThrow(
      /INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/,
    );
  });

  it("takes a sign-up's token whose auth_time is older than its iat for one that may read as revoked", () => {
    const token = (claims: object) =>
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(mayPredateValidSince(token({ auth_time: 1_700_000_000, iat: 1_700_000_000 }))).toBe(false);
    expect(mayPredateValidSince(token({ auth_time: 1_699_999_999, iat: 1_700_000_000 }))).toBe(true);
  });
});
