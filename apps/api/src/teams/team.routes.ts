import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter, type HandlerContext } from '@connectrpc/connect';
import {
  InviteState as ProtoInviteState,
  TeamInviteSchema,
  TeamMemberSchema,
  TeamSchema,
  TeamService as TeamServiceDescriptor,
  TeamRole as ProtoRole,
} from '@stream/proto';
import { kUser, type User } from '../platform/auth/user';
import type { InviteState, Team, TeamInvite, TeamMember } from './team';
import type { TeamService } from './team.service';
import type { VideoLinks } from '../videos';
import { requestOrigin } from '../platform/rpc/http-request';
import * as valid from './team.validation';
import { videoId } from '../videos';

export interface TeamRoutesDeps {
  teams: TeamService;
  links: VideoLinks;
}

/** The web app's page of an invite link. */
export const invitePagePath = (token: string) => `/invite/${encodeURIComponent(token)}`;

function signedIn(context: HandlerContext): User {
  const user = context.values.get(kUser);
  if (!user) throw new ConnectError('Sign in: this call needs an ID token', Code.Unauthenticated);
  return user;
}

const toTeam = (team: Team) =>
  create(TeamSchema, {
    id: team.id,
    name: team.name,
    role: valid.roleToProto[team.role],
    memberCount: team.memberCount,
    createdAt: timestampFromDate(team.createdAt),
  });

const toMember = (member: TeamMember) =>
  create(TeamMemberSchema, {
    uid: member.uid,
    displayName: member.displayName,
    email: member.email,
    photoUrl: member.photoUrl,
    role: valid.roleToProto[member.role],
    joinedAt: timestampFromDate(member.joinedAt),
  });

const toInvite = (invite: TeamInvite) =>
  create(TeamInviteSchema, {
    id: invite.id,
    role: valid.roleToProto[invite.role],
    expiresAt: timestampFromDate(invite.expiresAt),
    usesLeft: invite.usesLeft,
    createdAt: timestampFromDate(invite.createdAt),
  });

const inviteStates: Record<InviteState, ProtoInviteState> = {
  valid: ProtoInviteState.VALID,
  expired: ProtoInviteState.EXPIRED,
  revoked: ProtoInviteState.REVOKED,
  used_up: ProtoInviteState.USED_UP,
  unknown: ProtoInviteState.UNKNOWN,
};

/** The TeamService on the Connect router. Errors leave through the error interceptor. */
export default ({ teams, links }: TeamRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(TeamServiceDescriptor, {
      createTeam: async (request, context) =>
        toTeam(await teams.create(signedIn(context), valid.teamName(request.name))),

      renameTeam: async (request, context) => {
        const user = signedIn(context);
        const teamId = valid.id('team_id', request.teamId);
        return toTeam(await teams.rename(user, teamId, valid.teamName(request.name)));
      },

      deleteTeam: async (request, context) => {
        await teams.delete(signedIn(context), valid.id('team_id', request.teamId));
        return {};
      },

      listMyTeams: async (_request, context) => ({ teams: (await teams.listMine(signedIn(context))).map(toTeam) }),

      getTeam: async (request, context) => {
        const found = await teams.get(signedIn(context), valid.id('team_id', request.teamId));
        return {
          team: toTeam(found.team),
          members: found.members.map(toMember),
          invites: found.invites.map(toInvite),
          mailEnabled: found.mailEnabled,
        };
      },

      changeRole: async (request, context) => {
        const user = signedIn(context);
        const teamId = valid.id('team_id', request.teamId);
        const uid = valid.id('uid', request.uid);
        return toMember(await teams.changeRole(user, teamId, uid, valid.role(request.role)));
      },

      removeMember: async (request, context) => {
        const user = signedIn(context);
        await teams.removeMember(user, valid.id('team_id', request.teamId), valid.id('uid', request.uid));
        return {};
      },

      leaveTeam: async (request, context) => {
        const user = signedIn(context);
        await teams.removeMember(user, valid.id('team_id', request.teamId), user.uid);
        return {};
      },

      createInvite: async (request, context) => {
        const user = signedIn(context);
        const teamId = valid.id('team_id', request.teamId);
        const linkOf = (token: string) => `${links.origin(requestOrigin(context))}${invitePagePath(token)}`;
        const { invite, token, mailed } = await teams.createInvite(
          user,
          teamId,
          {
            role: valid.role(request.role, 'member'),
            expireAfterSeconds: valid.inviteSeconds(request.expireAfterSeconds),
            uses: valid.inviteUses(request.maxUses),
            email: valid.optionalEmail(request.email),
          },
          linkOf,
        );
        return { invite: toInvite(invite), url: linkOf(token), token, mailed };
      },

      revokeInvite: async (request, context) => {
        const user = signedIn(context);
        await teams.revokeInvite(user, valid.id('team_id', request.teamId), valid.id('invite_id', request.inviteId));
        return {};
      },

      getInvite: async (request) => {
        const found = await teams.getInvite(valid.inviteToken(request.token));
        return {
          state: inviteStates[found.state],
          teamName: found.teamName,
          role: found.role ? valid.roleToProto[found.role] : ProtoRole.UNSPECIFIED,
          expiresAt: found.expiresAt && timestampFromDate(found.expiresAt),
        };
      },

      acceptInvite: async (request, context) =>
        toTeam(await teams.acceptInvite(signedIn(context), valid.inviteToken(request.token))),

      moveVideoToTeam: async (request, context) => {
        const user = signedIn(context);
        const id = videoId(request.videoId);
        const moved = await teams.moveVideo(user, id, valid.optionalTeamId(request.teamId));
        return { videoId: id, teamId: moved.teamId ?? '' };
      },
    });
  };
