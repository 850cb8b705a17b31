// The operator's admin through the real server on PGlite, with ADMIN_EMAILS unset so
// the first person who signed in is the admin: people with their storage, disabling (the person's
// calls, uploads and share links stop; an admin cannot disable themselves), the sign-up policy on
// a newcomer's first call (a team invite lets one in under invite-only), totals and the audit log.
// Everyone else calling an admin method gets permission_denied.
import { Code, ConnectError } from '@connectrpc/connect';
import { SignUpMode } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { adminClient } from '../support/admin-clients';
import { videoClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { teamClient } from '../support/team-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { uploadVideo } from '../support/upload';

let emulator: AuthEmulator;
let webm: Buffer;
let server: TestServer;
let admin: TestUser;
let person: TestUser;

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => (error instanceof ConnectError ? error.code : error),
  );
const signIn = (user: TestUser) => videoClient(server.baseUrl, { token: user.idToken }).listVideos({ pageSize: 1 });

beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(2));
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  admin = await newTestUser(emulator.host);
  await signIn(admin); // the first account: the admin
  person = await newTestUser(emulator.host);
  await signIn(person);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('the admin', () => {
  it('is the first account when ADMIN_EMAILS is unset; everyone else is refused every admin method', async () => {
    expect((await adminClient(server.baseUrl, admin.idToken).getAdminStatus({})).admin).toBe(true);
    const other = adminClient(server.baseUrl, person.idToken);
    expect((await other.getAdminStatus({})).admin).toBe(false);
    for (const call of [
      () => other.listPeople({}),
      () => other.getInstanceTotals({}),
      () => other.listAuditLog({}),
      () => other.getSignUpPolicy({}),
      () => other.setPersonDisabled({ uid: admin.uid, disabled: true }),
      () => other.setPersonQuota({ uid: person.uid, quotaBytes: 1n }),
      () => other.setSignUpPolicy({ policy: { mode: SignUpMode.INVITE_ONLY } }),
    ])
      expect(await codeOf(call())).toBe(Code.PermissionDenied);
    expect(await codeOf(adminClient(server.baseUrl).listPeople({}))).toBe(Code.Unauthenticated);
  });

  it('sees people with their storage, video count and last activity, and the instance totals', async () => {
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: person.idToken });
    expect(uploaded.status).toBe(201);
    const { people } = await adminClient(server.baseUrl, admin.idToken).listPeople({});
    expect(people.map((one) => one.uid).sort()).toEqual([admin.uid, person.uid].sort());
    const listed = people.find((one) => one.uid === person.uid)!;
    expect(listed).toMatchObject({
      email: person.email,
      disabled: false,
      videoCount: 1,
      usedBytes: BigInt(webm.length),
      effectiveQuotaBytes: 0n,
      admin: false,
    });
    expect(Date.now() - Number(listed.lastActiveAt!.seconds) * 1000).toBeLessThan(120_000);
    const totals = await adminClient(server.baseUrl, admin.idToken).getInstanceTotals({});
    // The worker is off: the upload's processing job waits.
    expect(totals).toMatchObject({ people: 2n, videos: 1n, storedBytes: BigInt(webm.length), jobsFailed: 0n });
    expect(totals.jobsWaiting).toBeGreaterThanOrEqual(1n);
  });

  it('disables a person: their calls, uploads and share links stop; enabling brings them back', async () => {
    const owner = videoClient(server.baseUrl, { token: person.idToken });
    const video = (await owner.listVideos({ pageSize: 1 })).videos[0]!;
    const token = shareTokenOf((await owner.shareVideo({ videoId: video.id })).url);
    const anonymous = videoClient(server.baseUrl);
    expect((await anonymous.getSharedVideo({ shareToken: token })).id).toBe(video.id);
    const watch = () => fetch(`${server.baseUrl}/s/${token}`).then((response) => response.status);
    expect(await watch()).toBe(200);

    const disabled = await adminClient(server.baseUrl, admin.idToken).setPersonDisabled({
      uid: person.uid,
      disabled: true,
    });
    expect(disabled.disabled).toBe(true);
    const refused = await owner.listVideos({ pageSize: 1 }).catch((error: unknown) => error as ConnectError);
    expect(refused).toBeInstanceOf(ConnectError);
    expect((refused as ConnectError).code).toBe(Code.PermissionDenied);
    expect((refused as ConnectError).rawMessage).toMatch(/disabled/);
    expect((await tusClient(server.baseUrl, person.idToken).create({})).status).toBe(401);
    expect((await uploadVideo(server.baseUrl, webm, { token: person.idToken })).status).toBe(401);
    expect(await codeOf(anonymous.getSharedVideo({ shareToken: token }))).toBe(Code.NotFound);
    expect(await watch()).toBe(404);
    const stream = await fetch(`${server.baseUrl}/api/videoservice/video/${video.id}`, {
      headers: { authorization: `Bearer ${admin.idToken}` },
    });
    expect(stream.status).toBe(404);

    await adminClient(server.baseUrl, admin.idToken).setPersonDisabled({ uid: person.uid, disabled: false });
    expect((await owner.listVideos({ pageSize: 1 })).videos).toHaveLength(1);
    expect((await anonymous.getSharedVideo({ shareToken: token })).id).toBe(video.id);
  });

  it('cannot disable themselves, nor someone who never signed in', async () => {
    const client = adminClient(server.baseUrl, admin.idToken);
    const self = await client.setPersonDisabled({ uid: admin.uid, disabled: true }).catch((error: unknown) => error);
    expect((self as ConnectError).code).toBe(Code.FailedPrecondition);
    expect((self as ConnectError).rawMessage).toMatch(/cannot disable yourself/);
    expect(await codeOf(client.setPersonDisabled({ uid: 'nobody', disabled: true }))).toBe(Code.NotFound);
    expect((await signIn(admin)).videos).toEqual([]);
  });

  it('lets in only the email domains it names on a first sign-in', async () => {
    const client = adminClient(server.baseUrl, admin.idToken);
    const bad = await codeOf(
      client.setSignUpPolicy({ policy: { mode: SignUpMode.DOMAINS, domains: ['not a domain'] } }),
    );
    expect(bad).toBe(Code.InvalidArgument);
    expect(await codeOf(client.setSignUpPolicy({ policy: { mode: SignUpMode.UNSPECIFIED } }))).toBe(
      Code.InvalidArgument,
    );
    const set = await client.setSignUpPolicy({ policy: { mode: SignUpMode.DOMAINS, domains: ['Example.ORG'] } });
    expect(set).toMatchObject({ mode: SignUpMode.DOMAINS, domains: ['example.org'] });

    const outsider = await newTestUser(emulator.host); // @example.com
    const refused = await signIn(outsider).catch((error: unknown) => error as ConnectError);
    expect((refused as ConnectError).code).toBe(Code.PermissionDenied);
    expect((await uploadVideo(server.baseUrl, webm, { token: outsider.idToken })).status).toBe(401);
    // An address in the domain counts once its owner proved it: anyone can sign up with any address.
    const unproven = await newTestUser(emulator.host, { email: `unproven-${Date.now()}@example.org` });
    expect(await codeOf(signIn(unproven))).toBe(Code.PermissionDenied);
    const insider = await newTestUser(emulator.host, { email: `in-${Date.now()}@example.org`, emailVerified: true });
    expect((await signIn(insider)).videos).toEqual([]);
    // People already in stay in.
    expect((await signIn(person)).videos).toHaveLength(1);
    const people = (await client.listPeople({})).people.map((one) => one.uid);
    expect(people).toContain(insider.uid);
    expect(people).not.toContain(outsider.uid);
    expect(people).not.toContain(unproven.uid);
  });

  it('under invite-only, lets a newcomer in by accepting a team invite, and nobody else', async () => {
    const client = adminClient(server.baseUrl, admin.idToken);
    await client.setSignUpPolicy({ policy: { mode: SignUpMode.INVITE_ONLY } });
    const team = await teamClient(server.baseUrl, admin.idToken).createTeam({ name: 'Ops' });
    const invite = await teamClient(server.baseUrl, admin.idToken).createInvite({ teamId: team.id });

    const stranger = await newTestUser(emulator.host);
    expect(await codeOf(signIn(stranger))).toBe(Code.PermissionDenied);
    // A made-up invite lets nobody in, and leaves them unknown.
    expect(await codeOf(teamClient(server.baseUrl, stranger.idToken).acceptInvite({ token: 'x'.repeat(43) }))).toBe(
      Code.NotFound,
    );
    expect(await codeOf(signIn(stranger))).toBe(Code.PermissionDenied);

    const invited = await newTestUser(emulator.host);
    const joined = await teamClient(server.baseUrl, invited.idToken).acceptInvite({ token: invite.token });
    expect(joined.id).toBe(team.id);
    expect((await signIn(invited)).videos).toEqual([]);
    await client.setSignUpPolicy({ policy: { mode: SignUpMode.OPEN } });
    expect((await signIn(stranger)).videos).toEqual([]);
  });

  it('sets the branding watch pages and embeds carry; only an admin, only valid values', async () => {
    const client = adminClient(server.baseUrl, admin.idToken);
    const refused = adminClient(server.baseUrl, person.idToken).setBranding({
      branding: { productName: 'Mine', logoUrl: '', accentColor: '' },
    });
    expect(await codeOf(refused)).toBe(Code.PermissionDenied);
    for (const bad of [
      { productName: '  ', logoUrl: '', accentColor: '' },
      { productName: 'x'.repeat(41), logoUrl: '', accentColor: '' },
      { productName: 'Acme', logoUrl: 'http://insecure.example/logo.png', accentColor: '' },
      { productName: 'Acme', logoUrl: 'javascript:alert(1)', accentColor: '' },
      { productName: 'Acme', logoUrl: '', accentColor: 'red;}</style><script>' },
    ])
      expect(await codeOf(client.setBranding({ branding: bad }))).toBe(Code.InvalidArgument);
    expect(await adminClient(server.baseUrl, person.idToken).getBranding({})).toMatchObject({ productName: 'Stream' });

    const set = await client.setBranding({
      branding: { productName: ' Acme <Video> ', logoUrl: 'https://cdn.example/logo.png', accentColor: '#0B7285' },
    });
    expect(set).toMatchObject({ productName: 'Acme <Video>', accentColor: '#0b7285' });
    expect(await adminClient(server.baseUrl, person.idToken).getBranding({})).toMatchObject({
      productName: 'Acme <Video>',
      logoUrl: 'https://cdn.example/logo.png',
    });

    const owner = videoClient(server.baseUrl, { token: person.idToken });
    const video = (await owner.listVideos({ pageSize: 1 })).videos[0]!;
    const token = shareTokenOf((await owner.shareVideo({ videoId: video.id })).url);
    for (const path of [`/s/${token}`, `/embed/${token}`]) {
      const html = await (await fetch(`${server.baseUrl}${path}`)).text();
      expect(html).toContain('· Acme &lt;Video&gt;</title>');
      expect(html).toContain('<meta property="og:site_name" content="Acme &lt;Video&gt;">');
      expect(html).toContain('<link rel="icon" href="https://cdn.example/logo.png">');
      // The accent comes as a stylesheet of this server: the CSP (style-src 'self') refuses inline <style>.
      expect(html).not.toContain('<style');
      const href = /<link rel="stylesheet" href="(\/api\/branding\.css\?v=[\w-]+)">/.exec(html)?.[1];
      expect(href).toBeDefined();
      const css = await fetch(`${server.baseUrl}${href}`);
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect(css.headers.get('cache-control')).toContain('immutable');
      expect(await css.text()).toBe(':root{--color-primary:#0b7285}\n');
      expect(html).not.toContain('<Video>');
    }
    // An old version's address is not kept: the next colour comes at once.
    const stale = await fetch(`${server.baseUrl}/api/branding.css?v=old`);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    expect(await stale.text()).toBe(':root{--color-primary:#0b7285}\n');
    const oembed = await fetch(
      `${server.baseUrl}/api/oembed?url=${encodeURIComponent(`${server.baseUrl}/s/${token}`)}`,
    ).then((response) => response.json() as Promise<{ provider_name: string }>);
    expect(oembed.provider_name).toBe('Acme <Video>');
  });

  it('writes every admin action to the audit log, newest first', async () => {
    const { entries } = await adminClient(server.baseUrl, admin.idToken).listAuditLog({});
    expect(entries.map((entry) => entry.action)).toEqual([
      'branding.set',
      'sign_up.policy',
      'sign_up.policy',
      'sign_up.policy',
      'person.enable',
      'person.disable',
    ]);
    expect(entries[0]).toMatchObject({
      detail: 'name "Acme <Video>", logo https://cdn.example/logo.png, accent #0b7285',
    });
    expect(entries[3]).toMatchObject({ actorUid: admin.uid, actorEmail: admin.email, detail: 'domains: example.org' });
    expect(entries[5]).toMatchObject({ targetUid: person.uid });
  });
});
