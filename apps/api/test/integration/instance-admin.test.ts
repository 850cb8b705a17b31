// Who is the admin of /admin. Production names them in ADMIN_EMAILS (a production process refuses
// to start without it: production-startup.test.ts); nobody becomes admin by signing in first there.
// On a laptop (`npm start`, ADMIN_EMAILS unset) the first person to sign in is, recorded once in the
// database: every process reads the same answer, and deleting that person promotes nobody, after a
// restart included. An ADMIN_EMAILS address signed in unverified is no admin, and the log says why.
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountGate } from '../../src/access/account-gate';
import { accountClient } from '../support/account-client';
import { adminClient } from '../support/admin-clients';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { createPostgresDatabase, openTestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
const servers: TestServer[] = [];
beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.close();
  await emulator?.stop();
});

const start = async (options: Parameters<typeof startTestServer>[0]) => {
  const server = await startTestServer({ emulatorHost: emulator.host, ...options });
  servers.push(server);
  return server;
};
const signIn = (server: TestServer, token: string) =>
  videoClient(server.baseUrl, { token }).listVideos({ pageSize: 1 });
const isAdmin = async (server: TestServer, token: string) =>
  (await adminClient(server.baseUrl, token).getAdminStatus({})).admin;

describe('the admin of an instance', () => {
  it('in production, is never the first person to sign in', async () => {
    const server = await start({ database: 'pglite', env: { NODE_ENV: 'production' } });
    const first = await newTestUser(emulator.host);
    await signIn(server, first.idToken);
    expect(await isAdmin(server, first.idToken)).toBe(false);
  }, 60_000);

  it('on a laptop, is the first to sign in, once: deleting them promotes nobody, after a restart either', async () => {
    const url = await createPostgresDatabase({ migrated: true });
    const before = await start({ database: 'postgres', sharedPostgresUrl: url });
    const first = await newTestUser(emulator.host);
    const second = await newTestUser(emulator.host);
    await signIn(before, first.idToken);
    await signIn(before, second.idToken);
    expect(await isAdmin(before, first.idToken)).toBe(true);
    expect(await isAdmin(before, second.idToken)).toBe(false);
    // Another process of the same database that has not asked yet gives the same answer.
    const beside = await start({ database: 'postgres', sharedPostgresUrl: url });
    expect(await isAdmin(beside, second.idToken)).toBe(false);

    await accountClient(before.baseUrl, first.idToken).deleteAccount({ confirmEmail: first.email });
    const restarted = await start({ database: 'postgres', sharedPostgresUrl: url });
    expect(await isAdmin(restarted, second.idToken)).toBe(false);
    const newcomer = await newTestUser(emulator.host);
    await signIn(restarted, newcomer.idToken);
    expect(await isAdmin(restarted, newcomer.idToken)).toBe(false);
  }, 90_000);

  it('named in ADMIN_EMAILS, counts only with a verified address, and an unverified sign-in is logged', async () => {
    const database = await openTestDatabase('pglite');
    const warnings: { fields: object; line: string }[] = [];
    const log = { warn: (fields: object, line: string) => warnings.push({ fields, line }) };
    const gate = new AccountGate({
      db: database.db,
      adminEmails: ['ops@example.com'],
      firstSignInAdmin: false,
      log: log as never,
    });
    try {
      const unverified = { uid: 'u-1', email: 'OPS@example.com', emailVerified: false };
      expect(await gate.isAdmin(unverified)).toBe(false);
      expect(await gate.isAdmin(unverified)).toBe(false);
      expect(warnings).toHaveLength(1); // once per person and process, not per call
      expect(warnings[0]!.line).toMatch(/^OPS@example.com is in ADMIN_EMAILS but .*unverified email address/);
      expect(await gate.isAdmin({ uid: 'u-2', email: 'someone@example.com', emailVerified: false })).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(await gate.isAdmin({ ...unverified, emailVerified: true })).toBe(true);
    } finally {
      await database.close();
    }
  });
});
