import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport, type HandlerContext, type Transport } from '@connectrpc/connect';
import {
  InviteState,
  TeamInviteSchema,
  TeamMemberSchema,
  TeamRole,
  TeamSchema,
  TeamService,
  type TeamInvite,
  validDisplayText,
} from '@stream/proto';
import { signedInCaller } from './fake-caller';

interface FakeMember {
  uid: string;
  role: TeamRole;
  joinedAt: Date;
}

interface FakeTeam {
  id: string;
  name: string;
  createdAt: Date;
  members: Map<string, FakeMember>;
  invites: Map<string, { invite: TeamInvite; token: string; revoked: boolean }>;
}

export interface FakeTeamService {
  transport: Transport;
  teams: Map<string, FakeTeam>;
  /** Which video is in which team ('' or absent: its owner's library). */
  videoTeams: Map<string, string>;
  /** Calls from now on are made by `uid` (undefined: signed out). */
  as(uid: string | undefined): void;
  /** With `mailEnabled`: the invites mailed so far, as the real server hands them to SMTP. */
  mailed: { to: string; teamName: string; url: string }[];
}

const fail = (code: Code, message: string) => new ConnectError(message, code);
const rank: Record<number, number> = { [TeamRole.OWNER]: 3, [TeamRole.ADMIN]: 2, [TeamRole.MEMBER]: 1 };

/**
 * An in-memory TeamService with the real server's rules: non-members get not_found,
 * a role that may not get permission_denied, the last owner and dead invites failed_precondition.
 */
export function createFakeTeamService(
  options: {
    userId?: string;
    publicUrl?: string;
    /** As the real server with SMTP_URL set: invites may be mailed (kept in `mailed`). */
    mailEnabled?: boolean;
  } = {},
): FakeTeamService {
  let caller: string | undefined = options.userId ?? 'user-1';
  const mailed: FakeTeamService['mailed'] = [];
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const teams = new Map<string, FakeTeam>();
  const videoTeams = new Map<string, string>();
  let sequence = 0;

  const me = (context: HandlerContext) => signedInCaller(context, caller);
  const token = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) throw fail(Code.InvalidArgument, 'token is required');
    if (!/^[A-Za-z0-9_-]{43}$/.test(trimmed))
      throw fail(Code.InvalidArgument, 'token must be the 43 characters of an invite link');
    return trimmed;
  };
  // The server's rule for a name people read (@stream/proto's validDisplayText).
  const name = (value: string) => validDisplayText('name', value, { maxLength: 100 });
  const mine = (teamId: string, context: HandlerContext) => {
    const team = teams.get(teamId);
    const member = team?.members.get(me(context));
    if (!team || !member) throw fail(Code.NotFound, `No team ${teamId}`);
    return { team, role: member.role };
  };
  const atLeastAdmin = (role: TeamRole) => {
    if (rank[role]! < 2) throw fail(Code.PermissionDenied, 'Only owners and admins do that');
  };
  const owners = (team: FakeTeam) => [...team.members.values()].filter((m) => m.role === TeamRole.OWNER).length;
  const toTeam = (team: FakeTeam, role: TeamRole) =>
    create(TeamSchema, {
      id: team.id,
      name: team.name,
      role,
      memberCount: team.members.size,
      createdAt: timestampFromDate(team.createdAt),
    });
  const stateOf = (entry: { invite: TeamInvite; revoked: boolean }) =>
    entry.revoked
      ? InviteState.REVOKED
      : Number(entry.invite.expiresAt!.seconds) * 1000 <= Date.now()
        ? InviteState.EXPIRED
        : entry.invite.usesLeft <= 0
          ? InviteState.USED_UP
          : InviteState.VALID;
  const findInvite = (token: string) => {
    for (const team of teams.values())
      for (const entry of team.invites.values()) if (entry.token === token) return { team, entry };
    return undefined;
  };
  const removeChecked = (team: FakeTeam, uid: string) => {
    if (team.members.get(uid)?.role === TeamRole.OWNER && owners(team) <= 1)
      throw fail(Code.FailedPrecondition, 'A team needs an owner: make someone else an owner first');
    team.members.delete(uid);
  };

  const transport = createRouterTransport((router) =>
    router.service(TeamService, {
      createTeam(req, ctx) {
        const id = `team-${++sequence}`;
        const team: FakeTeam = {
          id,
          name: name(req.name),
          createdAt: new Date(),
          members: new Map(),
          invites: new Map(),
        };
        team.members.set(me(ctx), { uid: me(ctx), role: TeamRole.OWNER, joinedAt: new Date() });
        teams.set(id, team);
        return toTeam(team, TeamRole.OWNER);
      },
      renameTeam(req, ctx) {
        const { team, role } = mine(req.teamId, ctx);
        atLeastAdmin(role);
        team.name = name(req.name);
        return toTeam(team, role);
      },
      deleteTeam(req, ctx) {
        const { role } = mine(req.teamId, ctx);
        if (role !== TeamRole.OWNER) throw fail(Code.PermissionDenied, 'Only an owner deletes a team');
        teams.delete(req.teamId);
        for (const [video, teamId] of videoTeams) if (teamId === req.teamId) videoTeams.delete(video);
        return {};
      },
      listMyTeams(_req, ctx) {
        const uid = me(ctx);
        const list = [...teams.values()].filter((team) => team.members.has(uid));
        list.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
        return { teams: list.map((team) => toTeam(team, team.members.get(uid)!.role)) };
      },
      getTeam(req, ctx) {
        const { team, role } = mine(req.teamId, ctx);
        const members = [...team.members.values()].sort((a, b) => rank[b.role]! - rank[a.role]!);
        return {
          team: toTeam(team, role),
          members: members.map((m) =>
            create(TeamMemberSchema, { uid: m.uid, role: m.role, joinedAt: timestampFromDate(m.joinedAt) }),
          ),
          invites:
            rank[role]! >= 2
              ? [...team.invites.values()].filter((e) => stateOf(e) === InviteState.VALID).map((e) => e.invite)
              : [],
          mailEnabled: options.mailEnabled === true,
        };
      },
      changeRole(req, ctx) {
        const { team, role } = mine(req.teamId, ctx);
        atLeastAdmin(role);
        const subject = team.members.get(req.uid);
        if (!subject) throw fail(Code.NotFound, `No member ${req.uid} in team ${req.teamId}`);
        if (!rank[req.role]) throw fail(Code.InvalidArgument, `role ${req.role} is not a role`);
        if (role !== TeamRole.OWNER && (subject.role === TeamRole.OWNER || req.role === TeamRole.OWNER))
          throw fail(Code.PermissionDenied, 'Only an owner changes or removes an owner, or makes someone an owner');
        if (subject.role === TeamRole.OWNER && req.role !== TeamRole.OWNER && owners(team) <= 1)
          throw fail(Code.FailedPrecondition, 'A team needs an owner: make someone else an owner first');
        subject.role = req.role;
        return create(TeamMemberSchema, {
          uid: subject.uid,
          role: subject.role,
          joinedAt: timestampFromDate(subject.joinedAt),
        });
      },
      removeMember(req, ctx) {
        const { team, role } = mine(req.teamId, ctx);
        const subject = team.members.get(req.uid);
        if (!subject) throw fail(Code.NotFound, `No member ${req.uid} in team ${req.teamId}`);
        if (req.uid !== me(ctx) && rank[role]! < Math.max(2, rank[subject.role]!))
          throw fail(Code.PermissionDenied, 'Only owners and admins remove members, and only owners remove owners');
        removeChecked(team, req.uid);
        return {};
      },
      leaveTeam(req, ctx) {
        const { team } = mine(req.teamId, ctx);
        removeChecked(team, me(ctx));
        return {};
      },
      createInvite(req, ctx) {
        const given = req.role === TeamRole.UNSPECIFIED ? TeamRole.MEMBER : req.role;
        if (!rank[given]) throw fail(Code.InvalidArgument, `role ${req.role} is not a role`);
        if (req.expireAfterSeconds < 0n || req.expireAfterSeconds > 30n * 24n * 3600n)
          throw fail(Code.InvalidArgument, 'expire_after_seconds must be 0 to 30 days');
        if (req.maxUses < 0 || req.maxUses > 1000) throw fail(Code.InvalidArgument, 'max_uses must be 0 to 1000');
        const email = req.email.trim();
        if (email && !/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/u.test(email))
          throw fail(Code.InvalidArgument, 'email must be one email address, like ann@example.com');
        const { team, role } = mine(req.teamId, ctx);
        atLeastAdmin(role);
        if (email && !options.mailEnabled)
          throw fail(
            Code.FailedPrecondition,
            'This server sends no mail (SMTP_URL is not set): copy the invite link and pass it on instead',
          );
        if (role !== TeamRole.OWNER && given === TeamRole.OWNER)
          throw fail(Code.PermissionDenied, 'Only an owner invites someone as owner');
        const seconds = Number(req.expireAfterSeconds) || 7 * 24 * 3600;
        const token = `fake-invite-${++sequence}-${Math.random().toString(36).slice(2)}`.padEnd(43, 'x').slice(0, 43);
        const invite = create(TeamInviteSchema, {
          id: `invite-${sequence}`,
          role: given,
          expiresAt: timestampFromDate(new Date(Date.now() + seconds * 1000)),
          usesLeft: req.maxUses || 1,
          createdAt: timestampFromDate(new Date()),
        });
        team.invites.set(invite.id, { invite, token, revoked: false });
        const url = `${publicUrl}/invite/${token}`;
        if (email) mailed.push({ to: email, teamName: team.name, url });
        return { invite, token, url, mailed: email !== '' };
      },
      revokeInvite(req, ctx) {
        const { team, role } = mine(req.teamId, ctx);
        atLeastAdmin(role);
        const entry = team.invites.get(req.inviteId);
        if (!entry) throw fail(Code.NotFound, `No invite ${req.inviteId} in team ${req.teamId}`);
        entry.revoked = true;
        return {};
      },
      getInvite(req) {
        const found = findInvite(token(req.token));
        if (!found) return { state: InviteState.UNKNOWN, teamName: '' };
        const { team, entry } = found;
        return {
          state: stateOf(entry),
          teamName: team.name,
          role: entry.invite.role,
          expiresAt: entry.invite.expiresAt,
        };
      },
      acceptInvite(req, ctx) {
        const uid = me(ctx);
        const found = findInvite(token(req.token));
        if (!found) throw fail(Code.NotFound, 'No such invite');
        const { team, entry } = found;
        const state = stateOf(entry);
        const refusals: Record<number, string> = {
          [InviteState.EXPIRED]: 'This invite has expired',
          [InviteState.REVOKED]: 'This invite was revoked',
          [InviteState.USED_UP]: 'This invite has been used up',
        };
        if (state !== InviteState.VALID) throw fail(Code.FailedPrecondition, refusals[state]!);
        if (!team.members.has(uid)) {
          entry.invite.usesLeft -= 1;
          team.members.set(uid, { uid, role: entry.invite.role, joinedAt: new Date() });
        }
        return toTeam(team, team.members.get(uid)!.role);
      },
      moveVideoToTeam(req, ctx) {
        if (req.teamId) mine(req.teamId, ctx);
        else me(ctx);
        if (req.teamId) videoTeams.set(req.videoId, req.teamId);
        else videoTeams.delete(req.videoId);
        return { videoId: req.videoId, teamId: req.teamId };
      },
    }),
  );

  return { transport, teams, videoTeams, mailed, as: (uid) => (caller = uid) };
}
