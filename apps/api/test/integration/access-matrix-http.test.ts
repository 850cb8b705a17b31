// Every HTTP route the API serves besides the RPCs, listed from Fastify itself (printRoutes), has a
// declared rule (access-http-rules.ts), and real calls hold it to the rule signed out, as another
// person and as the owner; another person's and a signed-out caller's refusals change nothing.
// A new route without a rule fails "declares a rule for every HTTP route", naming it.
import { readFileSync } from 'node:fs';
import type { TestUser } from '@stream/auth/testing';
import { ApiKeyScope, ShareLinkService } from '@stream/proto';
import { apiKeyClient } from '../support/admin-clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';
import {
  HTTP_RULES,
  isRpcRoute,
  keyStatus,
  routesOf,
  unruledRoutes,
  type HttpStanding,
  type KeyStanding,
  type Route,
} from './access-http-rules';
import { makeWorld, signedIn, stateOf, type World } from './access-matrix-support';

let server: TestServer;
let routes: Route[];
let owner: TestUser;
let other: TestUser;
let world: World;
let gatedToken: string;
let webm: Buffer;
/** The owner's uploaded video (its bytes stored, not processed: no worker here). */
let media: string;
/** The owner's tus upload in progress (its Location). */
let upload: string;
const PASSWORD = 'correct horse battery';
const keys: Record<KeyStanding, string> = { readKey: '', revokedKey: '' };

beforeAll(async () => {
  server = await startTestServer({ database: 'pglite', env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  routes = routesOf(server.app.printRoutes({ commonPrefix: false }));
  await signedIn(server.baseUrl, 'Admin');
  owner = await signedIn(server.baseUrl, 'Owner');
  other = await signedIn(server.baseUrl, 'Other');
  world = await makeWorld(server.baseUrl, owner);
  const gated = await serviceClient(ShareLinkService, server.baseUrl, { token: owner.idToken }).createShareLink({
    videoId: world.video,
    name: 'Gated',
    password: PASSWORD,
  });
  gatedToken = shareTokenOf(gated.url);
  webm = readFileSync(await makeWebm({ seconds: 1 }));
  media = (await uploadVideo(server.baseUrl, webm, { token: owner.idToken })).json.video!.id;
  const created = await tusClient(server.baseUrl, owner.idToken).create({ length: 10, title: 'Resumed' });
  upload = new URL(created.headers.get('location')!, server.baseUrl).pathname;
  const apiKeys = apiKeyClient(server.baseUrl, owner.idToken);
  keys.readKey = (await apiKeys.createApiKey({ name: 'Read', scope: ApiKeyScope.READ })).secret;
  const revoked = await apiKeys.createApiKey({ name: 'Revoked', scope: ApiKeyScope.READ_WRITE });
  await apiKeys.revokeApiKey({ id: revoked.key!.id });
  keys.revokedKey = revoked.secret;
}, 120_000);

afterAll(() => server?.close());

describe('the HTTP routes', () => {
  it('are read from Fastify: the RPCs and the pages, streams and uploads', () => {
    const urls = routes.map((route) => route.url);
    expect(urls).toContain('/videoservice.VideoService/GetVideo');
    expect(urls).toContain('/s/:key/unlock');
    expect(urls).toContain('/api/uploads/:id');
    expect(routes.filter((route) => !isRpcRoute(route.url)).length).toBeGreaterThan(20);
  });

  it('declares a rule for every HTTP route, and none for a route Fastify lacks', () => {
    expect(unruledRoutes(routes), 'add a rule to apps/api/test/integration/access-http-rules.ts').toEqual([]);
    const known = new Set(routes.map((route) => route.url));
    expect(Object.keys(HTTP_RULES).filter((url) => !known.has(url))).toEqual([]);
  });

  it('fails for a route added without a rule, naming it', () => {
    // What printRoutes prints for a server with one more route.
    const printed = `${server.app.printRoutes({ commonPrefix: false })}\n└── /api/videoservice/publish/:id (POST)`;
    expect(unruledRoutes(routesOf(printed))).toEqual(['/api/videoservice/publish/:id']);
  });
});

interface HttpRequest {
  method?: string;
  path: string;
  body?: BodyInit;
  headers?: Record<string, string>;
}

const tus = { 'tus-resumable': '1.0.0' };
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
/** A multipart upload of the real WebM, as the recorder sends it. */
const recording = () => {
  const body = new FormData();
  body.append('video', new Blob([new Uint8Array(webm)], { type: 'video/webm' }), 'recording.webm');
  return body;
};

/** A valid request of each route naming the owner's things (a GET of its URL, ids filled, unless named here). */
const REQUESTS: Record<string, () => HttpRequest> = {
  '/api/videoservice/upload': () => ({ method: 'POST', path: '/api/videoservice/upload', body: recording() }),
  '/api/videoservice/hls/:id/:file': () => ({ path: `/api/videoservice/hls/${media}/master.m3u8` }),
  '/api/uploads': () => ({ method: 'POST', path: '/api/uploads', headers: { ...tus, 'upload-length': '10' } }),
  '/api/uploads/': () => ({ method: 'POST', path: '/api/uploads/', headers: { ...tus, 'upload-length': '10' } }),
  '/api/uploads/:id': () => ({ method: 'HEAD', path: upload, headers: tus }),
  '/api/oembed': () => ({ path: `/api/oembed?url=${encodeURIComponent(`${server.baseUrl}/s/${world.shareToken}`)}` }),
  '/api/account/photo': () => ({ method: 'PUT', path: '/api/account/photo', body: new Uint8Array(8) }),
  '/s/:key/unlock': () => ({ method: 'POST', path: `/s/${gatedToken}/unlock`, ...form({ password: PASSWORD }) }),
  '/embed/:key/unlock': () => ({
    method: 'POST',
    path: `/embed/${gatedToken}/unlock`,
    ...form({ password: PASSWORD }),
  }),
  '/watch/:key': () => ({ path: `/watch/${media}` }),
  '/api/auth/session/refresh': () => ({ method: 'POST', path: '/api/auth/session/refresh' }),
  '/api/auth/session/logout': () => ({ method: 'POST', path: '/api/auth/session/logout' }),
};

/** A request of `route` naming the owner's things. */
function requestOf(route: Route): HttpRequest {
  const made = REQUESTS[route.url]?.();
  if (made) return made;
  return { path: route.url.replace(':id', media).replace(':key', world.shareToken) };
}

async function statusOf(route: Route, token?: string): Promise<number> {
  const { method = 'GET', path, body, headers } = requestOf(route);
  const response = await fetch(new URL(path, server.baseUrl), {
    method,
    body,
    redirect: 'manual',
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

describe('every HTTP route, called', () => {
  it.each(['readKey', 'revokedKey'] as KeyStanding[])(
    "with the owner's %s: as declared, nothing changed",
    async (standing) => {
      const before = await stateOf(world);
      const wrong: string[] = [];
      for (const route of routes.filter((each) => !isRpcRoute(each.url))) {
        const status = await statusOf(route, keys[standing]);
        const declared = keyStatus(HTTP_RULES[route.url]!, standing);
        if (status !== declared) wrong.push(`${route.url}: ${status}, declared ${declared}`);
      }
      expect(wrong).toEqual([]);
      expect(await stateOf(world)).toBe(before);
    },
    120_000,
  );

  it.each(['signedOut', 'otherPerson', 'owner'] as HttpStanding[])(
    'as %s: as declared',
    async (standing) => {
      const before = await stateOf(world);
      const token = { signedOut: undefined, otherPerson: other.idToken, owner: owner.idToken }[standing];
      const wrong: string[] = [];
      for (const route of routes.filter((each) => !isRpcRoute(each.url))) {
        const status = await statusOf(route, token);
        const declared = HTTP_RULES[route.url]?.status[standing];
        if (status !== declared) wrong.push(`${route.url}: ${status}, declared ${declared}`);
      }
      expect(wrong).toEqual([]);
      if (standing !== 'owner') expect(await stateOf(world)).toBe(before);
    },
    120_000,
  );
});
