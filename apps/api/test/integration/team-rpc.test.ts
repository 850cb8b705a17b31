// Teams through the real server and real clients, with tokens from the Auth emulator,
// on PGlite and PostgreSQL: the flow a team needs (create, invite, accept, move a video in, play
// it, be removed and lose it at once) and every bad input refused with nothing changed.
import { readFileSync } from 'node:fs';
import { Code } from '@connectrpc/connect';
import { InviteState, TeamRole, Visibility } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { teamClient } from '../support/team-client';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';
import { failure } from '../support/rpc-failure';
import { signedInPerson } from '../support/people';

let emulator: AuthEmulator;
let webm: Buffer;
beforeAll(async () => {
  [emulator, webm] = await Promise.all([
    startAuthEmulator(),
    makeWebm({ seconds: 1 }).then((path) => readFileSync(path)),
  ]);
}, 120_000);
afterAll(() => emulator?.stop());

describe.each(databaseKinds)('teams on %s', (databaseKind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: databaseKind, emulatorHost: emulator.host });
  }, 120_000);
  afterAll(() => server?.close());

  async function someone(displayName?: string) {
    const person = await signedInPerson(server.baseUrl, emulator.host, displayName);
    const { user } = person;
    return {
      ...person,
      stream: (id: string) =>
        fetch(`${server.baseUrl}/api/videoservice/video/${id}`, {
          headers: { authorization: `Bearer ${user.idToken}`, range: 'bytes=0-99' },
        }),
    };
  }

  /** A snapshot of every team table, to show a refused call changed nothing. */
  const snapshot = async () => {
    const db = server.database.db;
    const [teams, members, invites, videos] = await Promise.all([
      db.selectFrom('teams').selectAll().orderBy('id').execute(),
      db.selectFrom('team_members').selectAll().orderBy('team_id').orderBy('uid').execute(),
      db.selectFrom('team_invites').selectAll().orderBy('id').execute(),
      db.selectFrom('videos').select(['id', 'team_id', 'visibility']).orderBy('id').execute(),
    ]);
    return { teams, members, invites, videos };
  };

  it('A invites B, B joins and plays the video A moves in, cannot delete it, and loses it when removed', async () => {
    const a = await someone('Ann Owner');
    const b = await someone('Bob Member');

    const team = await a.teams.createTeam({ name: '  Launch crew ' });
    expect(team).toMatchObject({ name: 'Launch crew', role: TeamRole.OWNER, memberCount: 1 });
    const made = await a.teams.createInvite({ teamId: team.id, role: TeamRole.MEMBER, maxUses: 1 });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.url).toBe(`${server.baseUrl}/invite/${made.token}`);
    // Only the token's hash is stored.
    const stored = await server.database.db
      .selectFrom('team_invites')
      .selectAll()
      .where('id', '=', made.invite!.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(made.token);

    // Signed out, the link shows the team's name.
    const anonymous = teamClient(server.baseUrl);
    expect(await anonymous.getInvite({ token: made.token })).toMatchObject({
      state: InviteState.VALID,
      teamName: 'Launch crew',
      role: TeamRole.MEMBER,
    });
    expect(await b.teams.acceptInvite({ token: made.token })).toMatchObject({
      id: team.id,
      role: TeamRole.MEMBER,
      memberCount: 2,
    });
    expect((await anonymous.getInvite({ token: made.token })).state).toBe(InviteState.USED_UP);

    const { members, invites } = await a.teams.getTeam({ teamId: team.id });
    expect(members.map((m) => [m.displayName, m.email, m.role])).toEqual([
      ['Ann Owner', a.user.email, TeamRole.OWNER],
      ['Bob Member', b.user.email, TeamRole.MEMBER],
    ]);
    expect(invites).toEqual([]); // used up: no longer pending
    expect((await b.teams.listMyTeams({})).teams.map((t) => t.name)).toEqual(['Launch crew']);

    const uploaded = await uploadVideo(server.baseUrl, webm, { token: a.user.idToken });
    expect(uploaded.status).toBe(201);
    const videoId = uploaded.json.video!.id;
    expect(await failure(b.videos.getVideo({ videoId }))).toMatchObject({ code: Code.NotFound });
    expect((await b.stream(videoId)).status).toBe(404);

    // B, a member, may not move A's video (nor into the team before it is there).
    expect(await failure(b.teams.moveVideoToTeam({ videoId, teamId: team.id }))).toMatchObject({ code: Code.NotFound });
    expect(await a.teams.moveVideoToTeam({ videoId, teamId: team.id })).toMatchObject({ videoId, teamId: team.id });

    const seen = await b.videos.getVideo({ videoId });
    expect(seen.id).toBe(videoId);
    const streamed = await b.stream(videoId);
    expect(streamed.status).toBe(206);
    expect((await fetch(new URL(seen.url, server.baseUrl))).status).toBe(200);

    const before = await snapshot();
    expect(await failure(b.videos.deleteVideo({ videoId }))).toMatchObject({ code: Code.NotFound });
    expect(await failure(b.teams.moveVideoToTeam({ videoId, teamId: '' }))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await snapshot()).toEqual(before);

    await a.teams.removeMember({ teamId: team.id, uid: b.user.uid });
    expect(await failure(b.videos.getVideo({ videoId }))).toMatchObject({ code: Code.NotFound });
    expect((await b.stream(videoId)).status).toBe(404);
    expect((await b.videos.listVideos({ pageSize: 10, pageNumber: 0 })).videos).toEqual([]);
    expect(await failure(b.teams.getTeam({ teamId: team.id }))).toMatchObject({ code: Code.NotFound });
    expect((await b.teams.listMyTeams({})).teams).toEqual([]);
    // A still has it.
    expect((await a.videos.getVideo({ videoId })).id).toBe(videoId);
  });

  it('a TEAM video opens for members only, also through its share link', async () => {
    const a = await someone();
    const b = await someone();
    const outsider = await someone();
    const team = await a.teams.createTeam({ name: 'Insiders' });
    const { token } = await a.teams.createInvite({ teamId: team.id });
    await b.teams.acceptInvite({ token });
    const video = await a.videos.createVideo({ title: 'Team only' });
    await a.teams.moveVideoToTeam({ videoId: video.id, teamId: team.id });
    await a.videos.updateVideo({
      videoId: video.id,
      visibility: Visibility.TEAM,
      updateMask: { paths: ['visibility'] },
    });
    const link = await a.videos.shareVideo({ videoId: video.id });
    const shareToken = new URL(link.url).pathname.split('/').pop()!;
    expect(link.visibility).toBe(Visibility.TEAM);

    expect((await b.videos.getSharedVideo({ shareToken })).id).toBe(video.id);
    expect(await failure(outsider.videos.getSharedVideo({ shareToken }))).toMatchObject({ code: Code.NotFound });
    expect(await failure(videoClient(server.baseUrl).getSharedVideo({ shareToken }))).toMatchObject({
      code: Code.Unauthenticated,
    });
    expect(await failure(outsider.videos.getVideo({ videoId: video.id }))).toMatchObject({ code: Code.NotFound });

    // Deleting the team sends the video home, TEAM becoming PRIVATE.
    const stranger = await failure(b.teams.deleteTeam({ teamId: team.id }));
    expect(stranger.code).toBe(Code.PermissionDenied);
    await a.teams.deleteTeam({ teamId: team.id });
    const home = await server.database.db
      .selectFrom('videos')
      .select(['team_id', 'visibility'])
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(home).toEqual({ team_id: null, visibility: 'PRIVATE' });
    expect(await failure(b.videos.getVideo({ videoId: video.id }))).toMatchObject({ code: Code.NotFound });
  });

  it('roles: admins manage members but never owners; the last owner hands on before leaving', async () => {
    const a = await someone();
    const b = await someone();
    const c = await someone();
    const team = await a.teams.createTeam({ name: 'Roles' });
    const { token } = await a.teams.createInvite({ teamId: team.id, role: TeamRole.ADMIN, maxUses: 1 });
    await b.teams.acceptInvite({ token });
    const invite = await b.teams.createInvite({ teamId: team.id, role: TeamRole.MEMBER, maxUses: 5 });
    await c.teams.acceptInvite({ token: invite.token });
    // Accepting again keeps the role and the use.
    expect((await c.teams.acceptInvite({ token: invite.token })).role).toBe(TeamRole.MEMBER);
    expect((await a.teams.getTeam({ teamId: team.id })).invites.map((i) => i.usesLeft)).toEqual([4]);

    const before = await snapshot();
    const refused = await Promise.all([
      failure(b.teams.createInvite({ teamId: team.id, role: TeamRole.OWNER })),
      failure(b.teams.changeRole({ teamId: team.id, uid: a.user.uid, role: TeamRole.MEMBER })),
      failure(b.teams.changeRole({ teamId: team.id, uid: c.user.uid, role: TeamRole.OWNER })),
      failure(b.teams.removeMember({ teamId: team.id, uid: a.user.uid })),
      failure(c.teams.removeMember({ teamId: team.id, uid: b.user.uid })),
      failure(c.teams.renameTeam({ teamId: team.id, name: 'Mine' })),
      failure(a.teams.leaveTeam({ teamId: team.id })),
      failure(a.teams.changeRole({ teamId: team.id, uid: a.user.uid, role: TeamRole.ADMIN })),
      failure(a.teams.removeMember({ teamId: team.id, uid: a.user.uid })),
      failure(a.teams.changeRole({ teamId: team.id, uid: a.user.uid, role: 7 as TeamRole })),
      failure(a.teams.changeRole({ teamId: team.id, uid: a.user.uid, role: TeamRole.UNSPECIFIED })),
      failure(a.teams.changeRole({ teamId: team.id, uid: 'nobody', role: TeamRole.MEMBER })),
    ]);
    expect(refused.map((r) => r.code)).toEqual([
      Code.PermissionDenied,
      Code.PermissionDenied,
      Code.PermissionDenied,
      Code.PermissionDenied,
      Code.PermissionDenied,
      Code.PermissionDenied,
      Code.FailedPrecondition,
      Code.FailedPrecondition,
      Code.FailedPrecondition,
      Code.InvalidArgument,
      Code.InvalidArgument,
      Code.NotFound,
    ]);
    expect(refused[6]!.message).toMatch(/needs an owner/);
    expect(await snapshot()).toEqual(before);

    await b.teams.changeRole({ teamId: team.id, uid: c.user.uid, role: TeamRole.ADMIN });
    await a.teams.changeRole({ teamId: team.id, uid: b.user.uid, role: TeamRole.OWNER });
    await a.teams.leaveTeam({ teamId: team.id });
    const left = await b.teams.getTeam({ teamId: team.id });
    expect(left.members.map((m) => [m.uid, m.role])).toEqual([
      [b.user.uid, TeamRole.OWNER],
      [c.user.uid, TeamRole.ADMIN],
    ]);
  });

  it('invite links: expired, revoked, used up, unknown and garbage each say which, and change nothing', async () => {
    const a = await someone();
    const b = await someone();
    const other = await someone();
    const team = await a.teams.createTeam({ name: 'Links' });
    const otherTeam = await other.teams.createTeam({ name: 'Elsewhere' });
    const expired = await a.teams.createInvite({ teamId: team.id, expireAfterSeconds: 60n });
    await server.database.db
      .updateTable('team_invites')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', expired.invite!.id)
      .execute();
    const revoked = await a.teams.createInvite({ teamId: team.id });
    await a.teams.revokeInvite({ teamId: team.id, inviteId: revoked.invite!.id });
    const usedUp = await a.teams.createInvite({ teamId: team.id, maxUses: 1 });
    await other.teams.acceptInvite({ token: usedUp.token });
    const unknown = 'A'.repeat(43);
    const anonymous = teamClient(server.baseUrl);

    const states = await Promise.all(
      [expired, revoked, usedUp].map(async ({ token }) => (await anonymous.getInvite({ token })).state),
    );
    expect(states).toEqual([InviteState.EXPIRED, InviteState.REVOKED, InviteState.USED_UP]);
    expect(await anonymous.getInvite({ token: unknown })).toMatchObject({ state: InviteState.UNKNOWN, teamName: '' });

    const before = await snapshot();
    const accepts = await Promise.all(
      [expired.token, revoked.token, usedUp.token, unknown, 'garbage!', ''].map((token) =>
        failure(b.teams.acceptInvite({ token })),
      ),
    );
    expect(accepts).toEqual([
      { code: Code.FailedPrecondition, message: 'This invite has expired' },
      { code: Code.FailedPrecondition, message: 'This invite was revoked' },
      { code: Code.FailedPrecondition, message: 'This invite has been used up' },
      { code: Code.NotFound, message: 'No such invite' },
      { code: Code.InvalidArgument, message: 'token must be the 43 characters of an invite link' },
      { code: Code.InvalidArgument, message: 'token is required' },
    ]);
    expect((await failure(anonymous.getInvite({ token: 'x'.repeat(500) }))).code).toBe(Code.InvalidArgument);
    // Another team's invite cannot be revoked through this one; a non-member's revoke is not_found.
    const theirs = await other.teams.createInvite({ teamId: otherTeam.id });
    expect((await failure(a.teams.revokeInvite({ teamId: team.id, inviteId: theirs.invite!.id }))).code).toBe(
      Code.NotFound,
    );
    expect((await failure(a.teams.revokeInvite({ teamId: otherTeam.id, inviteId: theirs.invite!.id }))).code).toBe(
      Code.NotFound,
    );
    const badInvites = await Promise.all([
      failure(a.teams.createInvite({ teamId: team.id, role: 9 as TeamRole })),
      failure(a.teams.createInvite({ teamId: team.id, expireAfterSeconds: -1n })),
      failure(a.teams.createInvite({ teamId: team.id, expireAfterSeconds: 31n * 24n * 3600n })),
      failure(a.teams.createInvite({ teamId: team.id, maxUses: 1001 })),
      failure(a.teams.createInvite({ teamId: team.id, maxUses: -1 })),
    ]);
    expect(badInvites.map((r) => r.code)).toEqual(Array(5).fill(Code.InvalidArgument));
    const after = await snapshot();
    expect({ ...after, invites: after.invites.filter((i) => i.id !== theirs.invite!.id) }).toEqual(before);
  });

  it('team names: empty, too long and control characters are refused; 100 characters are fine', async () => {
    const a = await someone();
    const before = await snapshot();
    const refused = await Promise.all(
      ['', '   ', 'x'.repeat(101), 'x'.repeat(200), 'Bad\u0000name', 'Tab\tname', 'Line\nbreak', 'C1\u0085'].map(
        async (name) => (await failure(a.teams.createTeam({ name }))).code,
      ),
    );
    expect(refused).toEqual(Array(8).fill(Code.InvalidArgument));
    expect(await snapshot()).toEqual(before);
    const team = await a.teams.createTeam({ name: 'é'.repeat(100) });
    expect((await failure(a.teams.renameTeam({ teamId: team.id, name: '' }))).code).toBe(Code.InvalidArgument);
    expect((await a.teams.renameTeam({ teamId: team.id, name: 'Renamed' })).name).toBe('Renamed');
    expect((await failure(a.teams.renameTeam({ teamId: 'no-such-team', name: 'x' }))).code).toBe(Code.NotFound);
    expect((await failure(teamClient(server.baseUrl).createTeam({ name: 'x' }))).code).toBe(Code.Unauthenticated);
  });

  it('two people accepting the last use at once: exactly one gets in', async () => {
    const a = await someone();
    const team = await a.teams.createTeam({ name: 'Race' });
    for (let round = 0; round < 3; round++) {
      const { token } = await a.teams.createInvite({ teamId: team.id, maxUses: 1 });
      const racers = await Promise.all([someone(), someone(), someone()]);
      const results = await Promise.all(racers.map((r) => failure(r.teams.acceptInvite({ token }))));
      expect(results.filter((r) => r.code === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r.code === Code.FailedPrecondition)).toHaveLength(2);
    }
    expect((await a.teams.getTeam({ teamId: team.id })).members).toHaveLength(4);
    const left = await server.database.db
      .selectFrom('team_invites')
      .select('uses_left')
      .where('team_id', '=', team.id)
      .execute();
    expect(left.map((row) => row.uses_left)).toEqual([0, 0, 0]);
  });

  it('without SMTP_URL: mail is off, the link is there to copy, and an invite by email is refused', async () => {
    const a = await someone();
    const team = await a.teams.createTeam({ name: 'No mail' });
    expect((await a.teams.getTeam({ teamId: team.id })).mailEnabled).toBe(false);
    const before = await snapshot();
    expect(await failure(a.teams.createInvite({ teamId: team.id, email: 'bob@example.com' }))).toEqual({
      code: Code.FailedPrecondition,
      message: 'This server sends no mail (SMTP_URL is not set): copy the invite link and pass it on instead',
    });
    expect(await snapshot()).toEqual(before);
    const made = await a.teams.createInvite({ teamId: team.id });
    expect(made).toMatchObject({ mailed: false, url: `${server.baseUrl}/invite/${made.token}` });
  });

  it('keeps the users table current from ID tokens', async () => {
    const a = await someone('First Name');
    await a.teams.listMyTeams({});
    const row = await server.database.db
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', a.user.uid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: a.user.email, display_name: 'First Name' });
  });
});
