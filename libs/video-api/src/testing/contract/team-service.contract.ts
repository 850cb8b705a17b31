import { createClient, type Client } from '@connectrpc/connect';
import { InviteState, TeamRole, TeamService } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { Code, codeOf, type RpcContractSubject } from './contract-subject';

/**
 * The TeamService as the server defines it, without mail set up: teams with the caller
 * as owner, invites taken one use at a time, roles, the last owner kept, and every refusal's code
 * (a non-member not_found, a role that may not permission_denied, a team rule failed_precondition,
 * bad input invalid_argument) with nothing changed.
 */
export function teamServiceContract(subject: RpcContractSubject): void {
  const signIn = async (): Promise<Client<typeof TeamService>> => createClient(TeamService, await subject.signIn());
  const signedOut = () => createClient(TeamService, subject.signedOut());

  describe('teams', () => {
    it('are made with the caller as their only owner, listed by name, renamed by their owner', async () => {
      const teams = await signIn();
      const zeta = await teams.createTeam({ name: '  Zeta ' });
      expect(zeta).toMatchObject({ name: 'Zeta', role: TeamRole.OWNER, memberCount: 1 });
      await teams.createTeam({ name: 'alpha' });
      expect((await teams.listMyTeams({})).teams.map((team) => team.name)).toEqual(['alpha', 'Zeta']);
      expect((await teams.renameTeam({ teamId: zeta.id, name: 'Omega' })).name).toBe('Omega');
      const got = await teams.getTeam({ teamId: zeta.id });
      expect(got.team?.name).toBe('Omega');
      expect(got.members.map((member) => member.role)).toEqual([TeamRole.OWNER]);
      expect(got.mailEnabled).toBe(false);
    });

    it('refuse a blank, too long or control-character name, and a signed-out caller, making nothing', async () => {
      const teams = await signIn();
      const codes = await Promise.all(
        ['', '  ', 'x'.repeat(101), 'Tab\there', 'Nul\u0000'].map((name) => codeOf(teams.createTeam({ name }))),
      );
      expect(codes).toEqual(Array(5).fill(Code.InvalidArgument));
      expect(await codeOf(signedOut().createTeam({ name: 'Nobody' }))).toBe(Code.Unauthenticated);
      expect((await teams.listMyTeams({})).teams).toEqual([]);
    });

    it('are not_found to anyone outside them, and deleted by an owner only', async () => {
      const owner = await signIn();
      const stranger = await signIn();
      const team = await owner.createTeam({ name: 'Closed' });
      expect(await codeOf(stranger.getTeam({ teamId: team.id }))).toBe(Code.NotFound);
      expect(await codeOf(stranger.renameTeam({ teamId: team.id, name: 'Mine' }))).toBe(Code.NotFound);
      expect(await codeOf(stranger.deleteTeam({ teamId: team.id }))).toBe(Code.NotFound);
      await owner.deleteTeam({ teamId: team.id });
      expect(await codeOf(owner.getTeam({ teamId: team.id }))).toBe(Code.NotFound);
    });
  });

  describe('invites', () => {
    it('show their team signed out, let one person in per use, then say used up', async () => {
      const owner = await signIn();
      const [first, second, third] = [await signIn(), await signIn(), await signIn()];
      const team = await owner.createTeam({ name: 'Crew' });
      const made = await owner.createInvite({ teamId: team.id, role: TeamRole.ADMIN, maxUses: 2 });
      expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(made.url.endsWith(`/invite/${made.token}`)).toBe(true);
      expect(made.mailed).toBe(false);
      expect(await signedOut().getInvite({ token: made.token })).toMatchObject({
        state: InviteState.VALID,
        teamName: 'Crew',
        role: TeamRole.ADMIN,
      });
      expect(await first.acceptInvite({ token: made.token })).toMatchObject({
        id: team.id,
        role: TeamRole.ADMIN,
        memberCount: 2,
      });
      // A member accepting again keeps their role and the use.
      expect((await first.acceptInvite({ token: made.token })).role).toBe(TeamRole.ADMIN);
      expect((await owner.getTeam({ teamId: team.id })).invites.map((invite) => invite.usesLeft)).toEqual([1]);
      await second.acceptInvite({ token: made.token });
      expect((await signedOut().getInvite({ token: made.token })).state).toBe(InviteState.USED_UP);
      expect(await codeOf(third.acceptInvite({ token: made.token }))).toBe(Code.FailedPrecondition);
      expect((await owner.getTeam({ teamId: team.id })).members).toHaveLength(3);
    });

    it('revoked, unknown or garbage: each refused with its code, nobody joins', async () => {
      const owner = await signIn();
      const other = await signIn();
      const team = await owner.createTeam({ name: 'Shut' });
      const made = await owner.createInvite({ teamId: team.id });
      expect((await owner.getTeam({ teamId: team.id })).invites.map((invite) => invite.id)).toEqual([made.invite!.id]);
      await owner.revokeInvite({ teamId: team.id, inviteId: made.invite!.id });
      expect((await signedOut().getInvite({ token: made.token })).state).toBe(InviteState.REVOKED);
      expect((await owner.getTeam({ teamId: team.id })).invites).toEqual([]);
      expect(await signedOut().getInvite({ token: 'A'.repeat(43) })).toMatchObject({
        state: InviteState.UNKNOWN,
        teamName: '',
      });
      const codes = await Promise.all(
        [made.token, 'A'.repeat(43), 'garbage!', ''].map((token) => codeOf(other.acceptInvite({ token }))),
      );
      expect(codes).toEqual([Code.FailedPrecondition, Code.NotFound, Code.InvalidArgument, Code.InvalidArgument]);
      expect((await other.listMyTeams({})).teams).toEqual([]);
    });

    it('refuse bad roles, expiries, uses and, without mail set up, an email address', async () => {
      const owner = await signIn();
      const team = await owner.createTeam({ name: 'Strict' });
      const codes = await Promise.all([
        codeOf(owner.createInvite({ teamId: team.id, role: 9 as TeamRole })),
        codeOf(owner.createInvite({ teamId: team.id, expireAfterSeconds: -1n })),
        codeOf(owner.createInvite({ teamId: team.id, expireAfterSeconds: 31n * 24n * 3600n })),
        codeOf(owner.createInvite({ teamId: team.id, maxUses: 1001 })),
        codeOf(owner.createInvite({ teamId: team.id, email: 'not an address' })),
        codeOf(owner.createInvite({ teamId: team.id, email: 'bob@example.com' })),
      ]);
      expect(codes).toEqual([
        Code.InvalidArgument,
        Code.InvalidArgument,
        Code.InvalidArgument,
        Code.InvalidArgument,
        Code.InvalidArgument,
        Code.FailedPrecondition,
      ]);
      expect((await owner.getTeam({ teamId: team.id })).invites).toEqual([]);
    });
  });

  describe('roles', () => {
    it('members neither invite nor manage; admins never touch owners; the last owner hands on first', async () => {
      const owner = await signIn();
      const admin = await signIn();
      const member = await signIn();
      const team = await owner.createTeam({ name: 'Ranks' });
      const adminInvite = await owner.createInvite({ teamId: team.id, role: TeamRole.ADMIN });
      await admin.acceptInvite({ token: adminInvite.token });
      await member.acceptInvite({ token: (await owner.createInvite({ teamId: team.id })).token });
      const members = (await owner.getTeam({ teamId: team.id })).members;
      const uidOf = (role: TeamRole) => members.find((m) => m.role === role)!.uid;
      const [ownerUid, memberUid] = [uidOf(TeamRole.OWNER), uidOf(TeamRole.MEMBER)];

      const codes = await Promise.all([
        codeOf(member.createInvite({ teamId: team.id })),
        codeOf(member.renameTeam({ teamId: team.id, name: 'Mine' })),
        codeOf(member.removeMember({ teamId: team.id, uid: ownerUid })),
        codeOf(admin.createInvite({ teamId: team.id, role: TeamRole.OWNER })),
        codeOf(admin.changeRole({ teamId: team.id, uid: ownerUid, role: TeamRole.MEMBER })),
        codeOf(admin.removeMember({ teamId: team.id, uid: ownerUid })),
        codeOf(owner.leaveTeam({ teamId: team.id })),
        codeOf(owner.changeRole({ teamId: team.id, uid: memberUid, role: TeamRole.UNSPECIFIED })),
      ]);
      expect(codes).toEqual([
        Code.PermissionDenied,
        Code.PermissionDenied,
        Code.PermissionDenied,
        Code.PermissionDenied,
        Code.PermissionDenied,
        Code.PermissionDenied,
        Code.FailedPrecondition,
        Code.InvalidArgument,
      ]);
      expect((await owner.getTeam({ teamId: team.id })).members.map((m) => m.role)).toEqual([
        TeamRole.OWNER,
        TeamRole.ADMIN,
        TeamRole.MEMBER,
      ]);

      expect((await admin.changeRole({ teamId: team.id, uid: memberUid, role: TeamRole.ADMIN })).role).toBe(
        TeamRole.ADMIN,
      );
      await owner.changeRole({ teamId: team.id, uid: memberUid, role: TeamRole.OWNER });
      await owner.leaveTeam({ teamId: team.id });
      expect(await codeOf(owner.getTeam({ teamId: team.id }))).toBe(Code.NotFound);
      expect((await member.getTeam({ teamId: team.id })).team?.memberCount).toBe(2);
    });
  });
}
