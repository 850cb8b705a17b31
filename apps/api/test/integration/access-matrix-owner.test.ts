// Every RPC called, with a valid request, by the owner of the things it names and by the owner's
// API keys: signed in, every call the rules let in answers 'ok' (a standing's answer is derived
// from the rule's `who` and `key`, access-rules.ts); a READ key is refused every write and the
// account itself, a READ_WRITE key the account; a revoked key is refused everything. Refused
// calls change nothing of the owner's.
import type { TestUser } from '@stream/auth/testing';
import { ApiKeyScope } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyClient } from '../support/admin-clients';
import { startAuthEmulator } from '../support/auth-emulator';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectedOf, type Standing } from './access-standings';
import type { Rule } from './access-rules';
import {
  call,
  Code,
  everyRpc,
  makeWorld,
  methods,
  Mismatches,
  refusedFirst,
  nameOf,
  signedIn,
  stateOf,
  type Caller,
  type World,
} from './access-matrix-support';
import { REQUESTS, requestsFor } from './access-matrix-requests';

let server: TestServer;
let owner: TestUser;
let world: World;
const keys: Record<'read' | 'readWrite' | 'revoked', string> = { read: '', readWrite: '', revoked: '' };

beforeAll(async () => {
  // DeleteAccount deletes the sign-in account too: the run's emulator answers for it.
  const emulator = await startAuthEmulator();
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { WEBHOOK_ALLOW_PRIVATE: '1' },
  });
  // The first person is the instance's admin (no ADMIN_EMAILS): the owner is someone else.
  await signedIn(server.baseUrl, 'Admin');
  owner = await signedIn(server.baseUrl, 'Owner');
  world = await makeWorld(server.baseUrl, owner);
  // A line of transcript to correct (transcribing is a media test's; UpdateTranscriptSegment is not).
  await server.database.db
    .insertInto('transcript_segments')
    .values({ video_id: world.video, position: 0, start_seconds: 0, end_seconds: 1, text: 'said' })
    .execute();
  const apiKeys = apiKeyClient(server.baseUrl, owner.idToken);
  keys.read = (await apiKeys.createApiKey({ name: 'Read', scope: ApiKeyScope.READ })).secret;
  keys.readWrite = (await apiKeys.createApiKey({ name: 'Write', scope: ApiKeyScope.READ_WRITE })).secret;
  const revoked = await apiKeys.createApiKey({ name: 'Revoked', scope: ApiKeyScope.READ_WRITE });
  await apiKeys.revokeApiKey({ id: revoked.key!.id });
  keys.revoked = revoked.secret;
}, 120_000);

afterAll(() => server?.close());

describe('the request builders', () => {
  it('build a request for every RPC, and none for an RPC the contract lacks', () => {
    const names = methods.map(({ method }) => nameOf(method));
    expect(names.filter((name) => REQUESTS[name] === undefined)).toEqual([]);
    expect(Object.keys(REQUESTS).filter((name) => !names.includes(name))).toEqual([]);
  });
});

/**
 * Calls every RPC as `caller` (standing `standing`), each checked against its rule; whether the
 * calls it refuses (made first) changed anything of the owner's.
 */
async function calledAs(standing: Standing, caller: Caller, self: TestUser = owner) {
  const wrong = new Mismatches();
  // Deleting one's account ends the standing: a person of their own deletes theirs instead.
  const leaver = standing === 'owner' ? await signedIn(server.baseUrl) : self;
  const requests = await requestsFor({ world, self });
  requests.set(
    'AccountService/DeleteAccount',
    await REQUESTS['AccountService/DeleteAccount']!({ world, self: leaver }),
  );
  const expected = (rule: Rule) => expectedOf(rule, standing);
  const { count, changed } = await refusedFirst(world, expected, async ({ service, method, name, rule }) => {
    const by = name === 'AccountService/DeleteAccount' && standing === 'owner' ? { token: leaver.idToken } : caller;
    wrong.check(name, await call(server.baseUrl, service, method, requests.get(name)!, by), expected(rule));
  });
  expect(count).toBe(methods.length);
  return { wrong: wrong.list, changed };
}

describe('every RPC, called with a valid request', () => {
  it('by the owner, signed in: as the rules say, every call let in answering ok, the refused changing nothing', async () => {
    expect(await calledAs('owner', { token: owner.idToken })).toEqual({ wrong: [], changed: false });
  }, 180_000);

  it("with the owner's READ key: reads answer, writes and the account are refused, nothing changed", async () => {
    expect(await calledAs('read-key', { token: keys.read })).toEqual({ wrong: [], changed: false });
  }, 180_000);

  it("with the owner's READ_WRITE key: reads and writes answer, the account is refused and unchanged", async () => {
    expect(await calledAs('read-write-key', { token: keys.readWrite })).toEqual({ wrong: [], changed: false });
  }, 180_000);

  it("with the owner's revoked key: unauthenticated, every one, nothing changed", async () => {
    const requests = await requestsFor({ world, self: owner });
    const before = await stateOf(world);
    const wrong = new Mismatches();
    await everyRpc(async ({ service, method, name }) => {
      const outcome = await call(server.baseUrl, service, method, requests.get(name)!, { token: keys.revoked });
      wrong.check(name, outcome, Code.Unauthenticated);
    });
    expect(wrong.list).toEqual([]);
    expect(await stateOf(world)).toBe(before);
  }, 180_000);
});
