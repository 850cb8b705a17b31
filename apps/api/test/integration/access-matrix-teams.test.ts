// Every RPC called, with a valid request, by a team's owner, admin and member naming the team's
// things (a video a member made in it, a comment on it, a team folder, the team's webhook and
// invite, the team itself), each answered as its rule's `who` says for that role
// (access-rules.ts); and by a member of another team naming them: refused as another person is,
// nothing changed. Calls that use up their target (deleting the team, leaving it, removing a
// member) get a team of their own with the same people in the same roles.
import type { TestUser } from '@stream/auth/testing';
import { TeamRole } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { teamClient } from '../support/team-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectedOf, type Standing } from './access-standings';
import type { Rule } from './access-rules';
import {
  call,
  join,
  makeWorld,
  methods,
  Mismatches,
  refusedFirst,
  signedIn,
  type World,
} from './access-matrix-support';
import { REQUESTS, requestsFor } from './access-matrix-requests';

let server: TestServer;
/** The team's people by standing; `maker` (a member) made the video, folder and comment named. */
const people = {} as Record<'team-owner' | 'team-admin' | 'team-member' | 'maker' | 'other-team', TestUser>;
let world: World;

/** A team of the same people in the same roles, for a call that uses its team up. */
async function sameTeam(): Promise<{ teamId: string; memberUid: string }> {
  const by = people['team-owner'].idToken;
  const teamId = (await teamClient(server.baseUrl, by).createTeam({ name: 'Again' })).id;
  await join(server.baseUrl, by, teamId, people['team-admin'], TeamRole.ADMIN);
  await join(server.baseUrl, by, teamId, people['team-member'], TeamRole.MEMBER);
  await join(server.baseUrl, by, teamId, people.maker, TeamRole.MEMBER);
  return { teamId, memberUid: people.maker.uid };
}

beforeAll(async () => {
  // DeleteAccount deletes the sign-in account too: the run's emulator answers for it.
  const emulator = await startAuthEmulator();
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { WEBHOOK_ALLOW_PRIVATE: '1' },
  });
  // The first person is the instance's admin (no ADMIN_EMAILS): nobody of the teams.
  await signedIn(server.baseUrl, 'Admin');
  for (const standing of ['team-owner', 'team-admin', 'team-member', 'maker', 'other-team'] as const)
    people[standing] = await signedIn(server.baseUrl, standing);
  const owner = people['team-owner'].idToken;
  const teamId = (await teamClient(server.baseUrl, owner).createTeam({ name: 'Team A' })).id;
  await join(server.baseUrl, owner, teamId, people['team-admin'], TeamRole.ADMIN);
  await join(server.baseUrl, owner, teamId, people['team-member'], TeamRole.MEMBER);
  await join(server.baseUrl, owner, teamId, people.maker, TeamRole.MEMBER);
  // The other team's member owns a team of their own: team B.
  await teamClient(server.baseUrl, people['other-team'].idToken).createTeam({ name: 'Team B' });
  world = await makeWorld(server.baseUrl, people.maker, { id: teamId, manager: people['team-owner'], fresh: sameTeam });
}, 120_000);

afterAll(() => server?.close());

/**
 * Calls every RPC as the person of `standing` naming the team's things; whether the calls it
 * refuses (made first) changed anything of the team's.
 */
async function calledAs(standing: Standing & keyof typeof people) {
  const caller = people[standing];
  // Deleting one's account ends the standing (and the team's people): a person of their own does.
  const leaver = await signedIn(server.baseUrl);
  // A link's or invite's token is a grant of its own (access-matrix-links): another team's member holds neither.
  const named = standing === 'other-team' ? { ...world, shareToken: '', inviteToken: '' } : world;
  const requests = await requestsFor({ world: named, self: caller });
  requests.set(
    'AccountService/DeleteAccount',
    await REQUESTS['AccountService/DeleteAccount']!({ world, self: leaver }),
  );
  const wrong = new Mismatches();
  const expected = (rule: Rule) => expectedOf(rule, standing);
  const { count, changed } = await refusedFirst(world, expected, async ({ service, method, name, rule }) => {
    const token = name === 'AccountService/DeleteAccount' ? leaver.idToken : caller.idToken;
    wrong.check(name, await call(server.baseUrl, service, method, requests.get(name)!, { token }), expected(rule));
  });
  expect(count).toBe(methods.length);
  return { wrong: wrong.list, changed };
}

describe("every RPC, called naming a team's things", () => {
  it.each(['team-owner', 'team-admin', 'team-member'] as const)(
    'by the team %s: as the rules say for the role, every call let in answering ok, the refused changing nothing',
    async (standing) => {
      expect(await calledAs(standing)).toEqual({ wrong: [], changed: false });
    },
    180_000,
  );

  it('by a member of another team: refused as another person, nothing changed', async () => {
    expect(await calledAs('other-team')).toEqual({ wrong: [], changed: false });
  }, 180_000);
});
