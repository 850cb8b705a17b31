// Every RPC called, with a valid request, by someone signed out holding one of a video's share
// links (the token in the request, or in x-share-token for the video's other calls): the main link
// (no gate), a link with a password with its pass and without one, a revoked link and an expired
// one. What the contract marks anonymous and a link's holder may do answers 'ok' through a working
// link; through the others every one is refused (access-rules.ts, `expectedOf`), and nothing of the
// owner's changes.
import type { TestUser } from '@stream/auth/testing';
import { ShareLinkService } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, videoClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectedOf } from './access-standings';
import {
  call,
  everyRpc,
  makeWorld,
  methods,
  Mismatches,
  signedIn,
  stateOf,
  type Caller,
  type World,
} from './access-matrix-support';
import { requestsFor } from './access-matrix-requests';

const PASSWORD = 'correct horse battery';

let server: TestServer;
let owner: TestUser;
let world: World;
/** The world of the video whose main link expired. */
let expiring: World;
/** Each link standing: the token it holds, the pass it presents, the password it tries. */
const standings = ['link-holder', 'gated-link-holder', 'gated-link-no-pass', 'revoked-link', 'expired-link'] as const;
const held = {} as Record<(typeof standings)[number], { token: string; pass?: string; password?: string }>;

beforeAll(async () => {
  server = await startTestServer({ database: 'pglite', env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  await signedIn(server.baseUrl, 'Admin');
  owner = await signedIn(server.baseUrl, 'Owner');
  world = await makeWorld(server.baseUrl, owner);
  const links = serviceClient(ShareLinkService, server.baseUrl, { token: owner.idToken });
  const named = async (name: string, password = '') => {
    const link = await links.createShareLink({ videoId: world.video, name, password });
    return { id: link.id, token: shareTokenOf(link.url) };
  };
  const gated = await named('Gated', PASSWORD);
  const { pass } = await serviceClient(ShareLinkService, server.baseUrl).unlockShareLink({
    shareToken: gated.token,
    password: PASSWORD,
  });
  const revoked = await named('Revoked');
  await links.revokeShareLink({ videoId: world.video, linkId: revoked.id });
  // The main link of another video, shared for an hour, the hour then past (as a clock moved on).
  expiring = await makeWorld(server.baseUrl, owner);
  const shared = await videoClient(server.baseUrl, { token: owner.idToken }).shareVideo({
    videoId: expiring.video,
    expireAfterSeconds: 3600n,
  });
  const expired = { token: shareTokenOf(shared.url) };
  await server.database.db
    .updateTable('share_links')
    .set({ expires_at: new Date(Date.now() - 60_000) })
    .where('video_id', '=', expiring.video)
    .where('is_main', '=', true)
    .execute();
  held['link-holder'] = { token: world.shareToken };
  held['gated-link-holder'] = { token: gated.token, pass, password: PASSWORD };
  held['gated-link-no-pass'] = { token: gated.token, password: 'not the password' };
  held['revoked-link'] = { token: revoked.token };
  held['expired-link'] = { token: expired.token };
}, 120_000);

afterAll(() => server?.close());

describe('every RPC, called signed out holding a share link', () => {
  it.each(standings)(
    'as %s: as the rules say, nothing of the owner changed',
    async (standing) => {
      const { token, pass, password } = held[standing];
      const caller: Caller = { headers: { 'x-share-token': token, ...(pass ? { 'x-share-pass': pass } : {}) } };
      const theirs = standing === 'expired-link' ? expiring : world;
      const requests = await requestsFor({
        world: { ...theirs, shareToken: token, inviteToken: '', linkPassword: password },
        self: owner,
      });
      const before = await stateOf(theirs);
      const wrong = new Mismatches();
      const count = await everyRpc(async ({ service, method, name, rule }) => {
        wrong.check(
          name,
          await call(server.baseUrl, service, method, requests.get(name)!, caller),
          expectedOf(rule, standing),
        );
      });
      expect(count).toBe(methods.length);
      expect({ wrong: wrong.list, changed: (await stateOf(theirs)) !== before }).toEqual({ wrong: [], changed: false });
    },
    180_000,
  );
});
