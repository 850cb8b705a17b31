// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator';
import { createTestUser, signInTestUser } from './test-users';

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
});
