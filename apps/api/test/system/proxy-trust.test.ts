// What the API believes of a request, behind the deployment guide's own nginx
// (docs/deploy/nginx-*.conf) and without it. The client connects from this machine's non-loopback
// address (loopback clients are never rate limited), so nginx's $remote_addr is a real client's.
// Two servers with the Auth emulator and TRUST_PROXY=127.0.0.1 (nginx's address), as stream.env
// says: `guarded` as a developer runs it, `open` with FIREBASE_AUTH_EMULATOR_THROUGH_PROXY=true.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILED_AUTH_LIMIT } from '../../src/platform/rate-limits/rate-limits';
import { TUS_CREATION_LIMIT } from '../../src/platform/rate-limits/rate-limits';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { foreignProjectToken, videoClient } from '../support/clients';
import { startEdgeServer, type EdgeServer } from '../support/edge-server';
import { externalAddress, handMadeToken, requestFrom, rpcFrom } from '../support/from-address';
import { startNginx, type TestNginx } from '../support/nginx';
import { shareTokenOf } from '../support/share';
import { tusClient } from '../support/tus';

const external = externalAddress();
let emulator: AuthEmulator;
let guarded: EdgeServer;
let open: EdgeServer;
let guardedNginx: TestNginx;
let openNginx: TestNginx;
let owner: TestUser;
let other: TestUser;
let scratch: string;

beforeAll(async () => {
  if (!external) throw new Error('this test needs a non-loopback IPv4 address on this machine');
  emulator = await startAuthEmulator();
  scratch = await mkdtemp(join(tmpdir(), 'proxy-trust-'));
  [guarded, open, owner, other] = await Promise.all([
    startEdgeServer({ TRUST_PROXY: '127.0.0.1' }, emulator.host),
    startEdgeServer({ TRUST_PROXY: '127.0.0.1', FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true' }, emulator.host),
    newTestUser(emulator.host),
    newTestUser(emulator.host),
  ]);
  const upstream = (server: EdgeServer) => new URL(server.baseUrl).host;
  guardedNginx = await startNginx(await mkdtemp(join(scratch, 'guarded-')), [upstream(guarded), upstream(guarded)]);
  openNginx = await startNginx(await mkdtemp(join(scratch, 'open-')), [upstream(open), upstream(open)]);
}, 180_000);

afterAll(async () => {
  await guardedNginx?.stop();
  await openNginx?.stop();
  await guarded?.close();
  await open?.close();
  await emulator?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * A video of `owner`'s, made over a direct connection from the external address (from loopback,
 * nginx's address, a token is taken for one that came through a proxy).
 */
async function createdVideo(server: EdgeServer, title: string): Promise<{ id: string }> {
  const answer = await rpcFrom(
    external!,
    server.baseUrl,
    'CreateVideo',
    { title },
    { authorization: `Bearer ${owner.idToken}` },
  );
  expect(answer.status).toBe(200);
  return answer.json as { id: string };
}

const badToken = { authorization: 'Bearer not-a-token' };
/** The client addresses the API logged for requests whose URL contains `marker`. */
const loggedAddresses = (server: EdgeServer, marker: string) =>
  new Set(
    server.logLines
      .map((line) => JSON.parse(line) as { req?: { url?: string; remoteAddress?: string } })
      .filter((line) => line.req?.url?.includes(marker))
      .map((line) => line.req!.remoteAddress),
  );

describe('share links name the server, not a Host header (#11)', () => {
  it('with PUBLIC_URL unset, ShareVideo and the watch page use the address the connection reached', async () => {
    const video = await createdVideo(guarded, 'to share');
    const shared = await rpcFrom(
      external!,
      guarded.baseUrl,
      'ShareVideo',
      { videoId: video.id },
      { host: 'evil.example', authorization: `Bearer ${owner.idToken}` },
    );
    expect(shared.status).toBe(200);
    expect(new URL(shared.json.url as string).origin).toBe(guarded.baseUrl);
    const page = await requestFrom(external!, `${guarded.baseUrl}/s/${shareTokenOf(shared.json.url as string)}`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('evil.example');
    expect(page.body).toContain(`content="${guarded.baseUrl}/s/`);
  });

  it('through the proxy TRUST_PROXY names, the origin nginx was reached at', async () => {
    const client = videoClient(open.baseUrl, { token: owner.idToken });
    const video = await client.createVideo({ title: 'to share' });
    const shared = await rpcFrom(
      external!,
      openNginx.baseUrl,
      'ShareVideo',
      { videoId: video.id },
      {
        authorization: `Bearer ${owner.idToken}`,
      },
    );
    expect(new URL(shared.json.url as string).origin).toBe(openNginx.baseUrl);
  });
});

describe('unverified emulator tokens never come through a proxy (#12)', () => {
  it("a hand-made token for another person's uid lists nothing through nginx, and the refusal is logged", async () => {
    const video = await createdVideo(guarded, 'private');
    const forged = { authorization: `Bearer ${handMadeToken(owner.uid)}` };
    const lines = guarded.logLines.length;
    const answer = await rpcFrom(external!, guardedNginx.baseUrl, 'ListVideos', {}, forged);
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe('unauthenticated');
    expect(JSON.stringify(answer.json)).not.toContain(video.id);
    // HTTP routes too: the upload and the stream.
    const upload = await requestFrom(external!, `${guardedNginx.baseUrl}/api/videoservice/upload`, {
      method: 'POST',
      headers: forged,
    });
    expect(upload.status).toBe(401);
    expect(
      (await requestFrom(external!, `${guardedNginx.baseUrl}/api/videoservice/video/${video.id}`, { headers: forged }))
        .status,
    ).toBe(401);
    const warnings = guarded.logLines.slice(lines).filter((line) => line.includes('came through a proxy'));
    expect(warnings.length).toBe(3);
    expect(warnings.every((line) => JSON.parse(line).level === 40)).toBe(true);
    expect(warnings.join('')).not.toContain(forged.authorization.slice(7));
  });

  it('a forwarding header a client writes itself counts as a proxy', async () => {
    const forged = { authorization: `Bearer ${handMadeToken(owner.uid)}` };
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via']) {
      const answer = await rpcFrom(
        external!,
        guarded.baseUrl,
        'ListVideos',
        {},
        { ...forged, [header]: 'for=1.2.3.4' },
      );
      expect(answer.status, header).toBe(401);
    }
  });

  it('a direct connection still takes emulator tokens (development), and the named setting lets them through nginx', async () => {
    const forged = { authorization: `Bearer ${handMadeToken(owner.uid)}` };
    expect((await rpcFrom(external!, guarded.baseUrl, 'ListVideos', {}, forged)).status).toBe(200);
    expect((await rpcFrom(external!, openNginx.baseUrl, 'ListVideos', {}, forged)).status).toBe(200);
  });
});

describe('a refused token says why in the log (#13)', () => {
  it("another Firebase project's token: 401, and one line naming both projects, without the token", async () => {
    const token = foreignProjectToken(owner.uid);
    const lines = guarded.logLines.length;
    const answer = await rpcFrom(external!, guarded.baseUrl, 'ListVideos', {}, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(401);
    const logged = guarded.logLines.slice(lines).filter((line) => line.includes('ID token refused'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/aud.*demo-stream.*someone-else/);
    expect(logged[0]).not.toContain(token.split('.')[1]);
  });
});

// Last: the first of these locks this machine's external address out of `open` for 10 minutes.
describe('rate limits behind nginx count the client nginx saw (#3)', () => {
  it('a client that writes a new X-Forwarded-For each time is still stopped after the limit of failed sign-ins', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= FAILED_AUTH_LIMIT.max; i++) {
      const answer = await requestFrom(external!, `${openNginx.baseUrl}/api/videoservice/video/rotating-${i}`, {
        headers: { ...badToken, 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, FAILED_AUTH_LIMIT.max)).toEqual(Array(FAILED_AUTH_LIMIT.max).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // The API took nginx's word for the client, never the client's.
    expect(loggedAddresses(open, '/rotating-')).toEqual(new Set([external]));
  });

  it("a client that writes a victim's address locks out itself, not the victim", async () => {
    const victim = '198.51.100.200';
    for (let i = 0; i <= FAILED_AUTH_LIMIT.max; i++) {
      await requestFrom(external!, `${openNginx.baseUrl}/api/videoservice/video/framing-${i}`, {
        headers: { ...badToken, 'x-forwarded-for': victim },
      });
    }
    // The victim's own request, as nginx forwards it: from nginx's address, naming the victim.
    const victimClient = videoClient(open.baseUrl, { token: owner.idToken, headers: { 'x-forwarded-for': victim } });
    expect((await victimClient.listVideos({})).videos).toBeDefined();
  });

  it('a signed-in person past the upload limit is refused from any address; others are not', async () => {
    const create = (user: TestUser, address: string) =>
      tusClient(open.baseUrl, user.idToken).create({ title: 'limited', headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < TUS_CREATION_LIMIT.max; i++)
      expect((await create(owner, `203.0.113.${i + 1}`)).status).toBe(201);
    const limited = await create(owner, '203.0.113.99');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await create(other, '203.0.113.99')).status).toBe(201);
  });
});
