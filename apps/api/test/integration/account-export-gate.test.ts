// An export link is signed for hours; the account it exports is asked about at download time. A
// link minted before its account was disabled stops downloading once the admin disables it (403,
// the disabled sentence), and works again once they enable it.
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISABLED_MESSAGE } from '../../src/access/account-gate';
import { accountClient } from '../support/account-client';
import { adminClient } from '../support/admin-clients';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let server: TestServer;
let admin: TestUser;
let person: TestUser;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  admin = await newTestUser(emulator.host);
  // ADMIN_EMAILS unset: the first person who signs in is the admin.
  await videoClient(server.baseUrl, { token: admin.idToken }).listVideos({ pageSize: 1 });
  person = await newTestUser(emulator.host);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('an export link', () => {
  it('made before its account was disabled stops downloading once it is, and works again once enabled', async () => {
    const link = await accountClient(server.baseUrl, person.idToken).getExportLink({});
    const download = () => fetch(new URL(link.url, server.baseUrl));
    const first = await download();
    expect([first.status, first.headers.get('content-type')]).toEqual([200, 'application/zip']);
    await first.arrayBuffer();

    const admins = adminClient(server.baseUrl, admin.idToken);
    await admins.setPersonDisabled({ uid: person.uid, disabled: true });
    const refused = await download();
    expect([refused.status, await refused.json()]).toEqual([403, { message: DISABLED_MESSAGE }]);

    await admins.setPersonDisabled({ uid: person.uid, disabled: false });
    const again = await download();
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });
});
