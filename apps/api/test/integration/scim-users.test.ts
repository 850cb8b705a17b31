// SCIM 2.0 provisioning (RFC 7644) of Users at /scim/v2: the directory creates, finds, changes and
// deprovisions people; a person's userName is their email whichever way they arrived, and
// turning them inactive ends everything they hold at once, as an admin's disabling does.
import { Code, ConnectError } from '@connectrpc/connect';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/account-client';
import { apiKeyClient } from '../support/admin-clients';
import { videoClient } from '../support/clients';
import { conversationClient } from '../support/conversation-client';
import { OidcBrowser } from '../support/oidc-browser';
import { startTestProvider, type TestProvider } from '@stream/auth/testing/oidc-provider';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { watchConversation } from '../support/watched-conversation';
import { makeWebm } from '../support/webm';

const SCIM_TOKEN = 'scim-test-token-0123456789abcdef0123456789';
let provider: TestProvider;
let server: TestServer;
beforeAll(async () => {
  provider = await startTestProvider();
  server = await startTestServer({
    database: 'pglite',
    env: {
      SCIM_TOKEN,
      ...provider.settings,
    },
  });
  provider.attachTo(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function scim(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; type: string; body: Json }> {
  const response = await fetch(`${server.baseUrl}/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${SCIM_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: text ? JSON.parse(text) : {},
  };
}

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const inactive = { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] };
const found = async (filter: string) => (await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)).body;

async function codeOf(call: Promise<unknown>): Promise<Code | undefined> {
  return call.then(
    () => undefined,
    (error: unknown) => (error instanceof ConnectError ? error.code : undefined),
  );
}

describe('SCIM Users', () => {
  it('creates a person, finds them by userName (any case), externalId and emails, and pages the list', async () => {
    const created = await scim('POST', '/Users', {
      schemas: [USER],
      userName: 'grace@example.com',
      externalId: 'dir-grace',
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: 'grace@example.com', primary: true }],
      active: true,
    });
    expect(created.status).toBe(201);
    expect(created.type).toContain('application/scim+json');
    expect(created.body).toMatchObject({
      userName: 'grace@example.com',
      externalId: 'dir-grace',
      displayName: 'Grace Hopper',
      active: true,
    });
    const row = await server.database.db
      .selectFrom('users')
      .select(['source', 'email', 'disabled'])
      .where('uid', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'scim', email: 'grace@example.com', disabled: false });

    for (const filter of [
      'userName eq "GRACE@example.com"',
      'externalId eq "dir-grace"',
      'emails eq "grace@example.com"',
      'emails.value eq "grace@example.com"',
      'emails[value eq "grace@example.com"]',
      'userName eq "grace@example.com" and externalId eq "dir-grace"',
    ]) {
      const list = await found(filter);
      expect(list.totalResults, filter).toBe(1);
      expect(list.Resources[0].id, filter).toBe(created.body.id);
    }
    expect((await found('externalId eq "DIR-GRACE"')).totalResults).toBe(0);
    expect((await found('userName eq "nobody@example.com"')).Resources).toEqual([]);

    const again = await scim('POST', '/Users', { schemas: [USER], userName: 'Grace@Example.com' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ scimType: 'uniqueness', status: '409' });

    await scim('POST', '/Users', { schemas: [USER], userName: 'page-1@example.com' });
    const page = (await scim('GET', '/Users?startIndex=2&count=1')).body;
    expect(page).toMatchObject({ startIndex: 2, itemsPerPage: 1 });
    expect(page.totalResults).toBeGreaterThanOrEqual(2);
    expect(page.Resources).toHaveLength(1);
  });

  it('answers the service’s config, resource types and schemas', async () => {
    expect((await scim('GET', '/ServiceProviderConfig')).body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
    });
    expect((await scim('GET', '/ResourceTypes')).body.Resources[0]).toMatchObject({
      id: 'User',
      endpoint: '/Users',
      schema: USER,
    });
    expect((await scim('GET', '/Schemas')).body.Resources[0].id).toBe(USER);
  });

  it('replaces (PUT) and patches a person; a name that looks like HTML is kept as text', async () => {
    const { body: user } = await scim('POST', '/Users', {
      schemas: [USER],
      userName: 'lin@example.com',
      displayName: 'Lin',
    });
    const put = await scim('PUT', `/Users/${user.id}`, {
      schemas: [USER],
      userName: 'lin.new@example.com',
      displayName: '<img src=x onerror=alert(1)>\u0007',
      externalId: 'dir-lin',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      userName: 'lin.new@example.com',
      displayName: '<img src=x onerror=alert(1)>',
      externalId: 'dir-lin',
    });
    const patched = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'replace', path: 'displayName', value: 'Lin Wei' },
        { op: 'add', path: 'emails', value: [{ value: 'lin.wei@example.com', primary: true }] },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ displayName: 'Lin Wei', userName: 'lin.wei@example.com' });
    const noPath = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { name: { formatted: 'Lin W.' } } }],
    });
    expect(noPath.body.displayName).toBe('Lin W.');
    expect((await scim('GET', `/Users/${user.id}`)).body).toMatchObject({
      userName: 'lin.wei@example.com',
      displayName: 'Lin W.',
    });
  });

  it('finds a person who arrived by a Firebase ID token by their email, and PATCH active false ends their calls, key and live stream', async () => {
    const person = await newTestUser(undefined, {
      email: 'mona@example.com',
      displayName: 'Mona',
      emailVerified: true,
    });
    const videos = videoClient(server.baseUrl, { token: person.idToken });
    const video = await videos.createVideo({ title: 'Talk', url: 'https://example.com/v.mp4' });
    const { secret } = await apiKeyClient(server.baseUrl, person.idToken).createApiKey({ name: 'ci' });
    await videoClient(server.baseUrl, { token: secret }).listVideos({ pageSize: 1 });
    const stream = await watchConversation(conversationClient(server.baseUrl, { token: person.idToken }), video.id);

    const list = await found('userName eq "mona@example.com"');
    expect(list.totalResults).toBe(1);
    expect(list.Resources[0]).toMatchObject({ id: person.uid, displayName: 'Mona', active: true });
    const off = await scim('PATCH', `/Users/${person.uid}`, inactive);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);

    expect((await stream.end(10_000)).code).toBe(Code.PermissionDenied);
    expect(await codeOf(videos.listVideos({ pageSize: 1 }))).toBe(Code.PermissionDenied);
    expect(await codeOf(videoClient(server.baseUrl, { token: secret }).listVideos({ pageSize: 1 }))).toBe(
      Code.PermissionDenied,
    );
    const audit = await server.database.db
      .selectFrom('admin_audit_log')
      .select(['action', 'actor_email'])
      .where('target_uid', '=', person.uid)
      .execute();
    expect(audit).toEqual([{ action: 'person.disable', actor_email: 'SCIM directory' }]);

    // active true lets them back in.
    await scim('PATCH', `/Users/${person.uid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: 'True' } }],
    });
    await expect.poll(() => codeOf(videos.listVideos({ pageSize: 1 })), { timeout: 10_000 }).toBeUndefined();
  });

  it('a SCIM-made person signing in by OIDC with sub = externalId is the same person, and deprovisioning refuses their session’s refresh', async () => {
    const { body: made } = await scim('POST', '/Users', {
      schemas: [USER],
      userName: 'kim@example.com',
      externalId: 'idp-kim',
      displayName: 'Kim',
    });
    const browser = new OidcBrowser();
    const callback = await browser.signIn(server.baseUrl, provider, {
      sub: 'idp-kim',
      email: 'kim.other@example.com',
      email_verified: true,
      name: 'Kim K',
    });
    expect(callback.status).toBe(302);
    const first = await browser.refresh(server.baseUrl);
    expect(first.status).toBe(200);
    const account = await accountClient(server.baseUrl, first.body.accessToken).getAccount({});
    expect(account.uid).toBe(made.id);
    expect((await scim('GET', `/Users/${made.id}`)).body.externalId).toBe('idp-kim');

    const gone = await scim('DELETE', `/Users/${made.id}`);
    expect(gone.status).toBe(204);
    expect((await browser.refresh(server.baseUrl)).status).toBe(403);
    const after = await scim('GET', `/Users/${made.id}`);
    expect(after.status).toBe(200);
    expect(after.body.active).toBe(false);
  });

  it('a SCIM-made person signing in by OIDC with another sub is found by their verified email', async () => {
    const { body: made } = await scim('POST', '/Users', {
      schemas: [USER],
      userName: 'noor@example.com',
      externalId: 'dir-noor',
    });
    const browser = new OidcBrowser();
    await browser.signIn(server.baseUrl, provider, {
      sub: 'other-noor',
      email: 'noor@example.com',
      email_verified: true,
    });
    const { body } = await browser.refresh(server.baseUrl);
    expect((await accountClient(server.baseUrl, body.accessToken).getAccount({})).uid).toBe(made.id);
    expect((await scim('GET', `/Users/${made.id}`)).body.externalId).toBe('dir-noor');
  });

  it('deprovisioning makes the signed URLs minted for a person’s video stop working', async () => {
    const person = await newTestUser(undefined, { email: 'sig@example.com', emailVerified: true });
    const webm = readFileSync(await makeWebm({ seconds: 1 }));
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: person.idToken });
    expect(uploaded.status).toBe(201);
    const id = uploaded.json.video!.id;
    const { url } = await videoClient(server.baseUrl, { token: person.idToken }).getVideo({ videoId: id });
    expect(url).toMatch(/signature=/);
    const signed = `${server.baseUrl}${url}`;
    expect((await fetch(signed)).status).toBe(200);
    await scim('PATCH', `/Users/${person.uid}`, inactive);
    expect((await fetch(signed)).status).not.toBe(200);
    expect((await fetch(signed, { headers: { range: 'bytes=0-10' } })).status).not.toBe(206);
  }, 60_000);
});
