// SCIM 2.0 Groups (RFC 7643 §4.2) at /scim/v2/Groups: a Group is a Stream team. The directory
// makes teams, finds them by displayName or externalId, adds and removes people (a person taken
// out loses the team's videos at once, as a removed member does) and deletes them (their videos
// go back to their owners).
import { Code, ConnectError } from '@connectrpc/connect';
import { TeamRole, Visibility } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoClient } from '../support/clients';
import { teamClient } from '../support/team-client';
import { newTestUser } from '../support/test-tokens';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

const SCIM_TOKEN = 'scim-groups-token-0123456789abcdef01234567';
let server: TestServer;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function scim(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${server.baseUrl}/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${SCIM_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const patch = (...Operations: unknown[]) => ({ schemas: [PATCH], Operations });

async function codeOf(call: Promise<unknown>): Promise<Code | undefined> {
  return call.then(
    () => undefined,
    (error: unknown) => (error instanceof ConnectError ? error.code : undefined),
  );
}

/** A person who signed in once (so the directory's User id for them is their uid). */
async function person(displayName: string) {
  const user = await newTestUser(undefined, { displayName, emailVerified: true });
  const teams = teamClient(server.baseUrl, user.idToken);
  await teams.listMyTeams({});
  return { ...user, teams, videos: videoClient(server.baseUrl, { token: user.idToken }) };
}

const uids = (group: Json) => (group.members ?? []).map((one: Json) => one.value).sort();

// Both engines: membership changes lock the team's row, which PGlite does not contend for.
describe.each(databaseKinds)('SCIM Groups on %s', (database) => {
  beforeAll(async () => {
    server = await startTestServer({ database, env: { SCIM_TOKEN } });
  }, 120_000);
  afterAll(() => server?.close());

  it('creates a team with members, finds it by displayName (any case) and externalId, pages, and gets it', async () => {
    const [ada, bob] = await Promise.all([person('Ada'), person('Bob')]);
    const made = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Engineering',
      externalId: 'dir-eng',
      members: [{ value: ada.uid }, { value: bob.uid, display: 'Bob' }],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      schemas: [GROUP],
      displayName: 'Engineering',
      externalId: 'dir-eng',
      meta: { resourceType: 'Group', location: `${server.baseUrl}/scim/v2/Groups/${made.body.id}` },
    });
    expect(uids(made.body)).toEqual([ada.uid, bob.uid].sort());
    expect(made.body.members.find((one: Json) => one.value === ada.uid)).toMatchObject({
      display: 'Ada',
      type: 'User',
      $ref: `${server.baseUrl}/scim/v2/Users/${ada.uid}`,
    });

    // The people see the team as its members; nobody owns it (the directory keeps it).
    const mine = await ada.teams.listMyTeams({});
    expect(mine.teams.map((team) => [team.name, team.role])).toEqual([['Engineering', TeamRole.MEMBER]]);
    const got = await ada.teams.getTeam({ teamId: made.body.id });
    expect(got.members.map((one) => one.role)).toEqual([TeamRole.MEMBER, TeamRole.MEMBER]);

    for (const filter of ['displayName eq "engineering"', 'externalId eq "dir-eng"']) {
      const list = await scim('GET', `/Groups?filter=${encodeURIComponent(filter)}`);
      expect(list.status).toBe(200);
      expect(list.body.totalResults).toBe(1);
      expect(list.body.Resources[0].id).toBe(made.body.id);
    }
    expect((await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Sales"')}`)).body).toMatchObject({
      totalResults: 0,
      Resources: [],
    });
    const lean = await scim('GET', '/Groups?excludedAttributes=members');
    expect(lean.body.Resources[0].members).toBeUndefined();

    await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Design' });
    const first = await scim('GET', '/Groups?startIndex=1&count=1');
    const second = await scim('GET', '/Groups?startIndex=2&count=1');
    expect(first.body).toMatchObject({ totalResults: 2, startIndex: 1, itemsPerPage: 1 });
    expect(second.body).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(second.body.Resources[0].id).not.toBe(first.body.Resources[0].id);

    expect((await scim('GET', `/Groups/${made.body.id}`)).body).toEqual(made.body);
  });

  it('PATCH renames, adds and removes members (Entra and Okta forms); the one removed loses the team’s videos at once', async () => {
    const [maker, viewer, newcomer] = await Promise.all([person('Maker'), person('Viewer'), person('Newcomer')]);
    const { body: group } = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Support',
      members: [{ value: maker.uid }, { value: viewer.uid }],
    });
    const video = await maker.videos.createVideo({ title: 'Runbook', url: 'https://example.com/v.mp4' });
    await maker.teams.moveVideoToTeam({ videoId: video.id, teamId: group.id });
    await maker.videos.updateVideo({
      videoId: video.id,
      visibility: Visibility.TEAM,
      updateMask: { paths: ['visibility'] },
    });
    expect((await viewer.videos.getVideo({ videoId: video.id })).title).toBe('Runbook');
    const generation = async () =>
      (
        await server.database.db
          .selectFrom('videos')
          .select('link_generation')
          .where('id', '=', video.id)
          .executeTakeFirstOrThrow()
      ).link_generation;
    const before = await generation();

    const renamed = await scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch(
        { op: 'Replace', path: 'displayName', value: 'Customer Support' },
        { op: 'Add', path: 'members', value: [{ value: newcomer.uid }] },
        { op: 'Remove', path: 'members', value: [{ value: viewer.uid }] },
      ),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.displayName).toBe('Customer Support');
    expect(uids(renamed.body)).toEqual([maker.uid, newcomer.uid].sort());

    expect(await codeOf(viewer.videos.getVideo({ videoId: video.id }))).toBe(Code.NotFound);
    expect((await viewer.teams.listMyTeams({})).teams).toEqual([]);
    expect(await generation()).toBeGreaterThan(before);
    expect((await newcomer.videos.getVideo({ videoId: video.id })).title).toBe('Runbook');
    expect((await newcomer.teams.listMyTeams({})).teams[0]?.name).toBe('Customer Support');

    // Okta's forms: a remove by filter, and a replace without a path carrying the id along.
    const okta = await scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch(
        { op: 'remove', path: `members[value eq "${newcomer.uid}"]` },
        { op: 'replace', value: { id: group.id, displayName: 'Support' } },
      ),
    );
    expect(okta.status).toBe(200);
    expect(okta.body.displayName).toBe('Support');
    expect(uids(okta.body)).toEqual([maker.uid]);
    expect(await codeOf(newcomer.videos.getVideo({ videoId: video.id }))).toBe(Code.NotFound);

    // replace members: the group is exactly these people.
    const replaced = await scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch({ op: 'replace', path: 'members', value: [{ value: viewer.uid }, { value: maker.uid }] }),
    );
    expect(uids(replaced.body)).toEqual([maker.uid, viewer.uid].sort());
    expect((await viewer.videos.getVideo({ videoId: video.id })).title).toBe('Runbook');
  });

  it('PUT replaces the name, externalId and members', async () => {
    const [one, two] = await Promise.all([person('One'), person('Two')]);
    const { body: group } = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Ops',
      members: [{ value: one.uid }],
    });
    const put = await scim('PUT', `/Groups/${group.id}`, {
      schemas: [GROUP],
      displayName: 'Operations',
      externalId: 'dir-ops',
      members: [{ value: two.uid }],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: group.id, displayName: 'Operations', externalId: 'dir-ops' });
    expect(uids(put.body)).toEqual([two.uid]);
    expect((await one.teams.listMyTeams({})).teams).toEqual([]);
  });

  it('DELETE deletes the team as its owner would: its videos go back to their owners', async () => {
    const maker = await person('Keeper');
    const { body: group } = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Short-lived',
      members: [{ value: maker.uid }],
    });
    const video = await maker.videos.createVideo({ title: 'Mine', url: 'https://example.com/v.mp4' });
    await maker.teams.moveVideoToTeam({ videoId: video.id, teamId: group.id });

    const deleted = await fetch(`${server.baseUrl}/scim/v2/Groups/${group.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${SCIM_TOKEN}` },
    });
    expect(deleted.status).toBe(204);
    expect((await scim('GET', `/Groups/${group.id}`)).status).toBe(404);
    expect((await maker.teams.listMyTeams({})).teams).toEqual([]);
    const kept = await maker.videos.getVideo({ videoId: video.id });
    expect(kept.title).toBe('Mine');
    expect(kept.teamId).toBe('');
  });

  it('a displayName that looks like HTML is kept and answered as the text it is', async () => {
    const member = await person('Reader');
    const name = '<img src=x onerror=alert(1)>';
    const made = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: name,
      members: [{ value: member.uid }],
    });
    expect(made.status).toBe(201);
    expect(made.body.displayName).toBe(name);
    expect((await member.teams.listMyTeams({})).teams[0]?.name).toBe(name);
  });

  it('offers Group in ResourceTypes and Schemas', async () => {
    const types = (await scim('GET', '/ResourceTypes')).body.Resources;
    expect(types.map((type: Json) => [type.name, type.endpoint, type.schema])).toContainEqual([
      'Group',
      '/Groups',
      GROUP,
    ]);
    const schemas = (await scim('GET', '/Schemas')).body.Resources;
    const group = schemas.find((schema: Json) => schema.id === GROUP);
    expect(group.attributes.map((attribute: Json) => attribute.name)).toEqual(['displayName', 'members']);
  });
});
