import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type Transport } from '@connectrpc/connect';
import { GetInviteResponseSchema, InviteState, TeamService } from '@stream/proto';
import { everyCallKey, unaryQuery } from '../query/unary-query';

/** The teams the caller belongs to, with their role in each (the side navigation's space switcher). */
export function listMyTeamsQuery(transport: Transport) {
  return unaryQuery(TeamService.method.listMyTeams, {}, transport);
}

/** One team of the caller with its members and pending invites (/team). */
export function getTeamQuery(transport: Transport, teamId: string) {
  return unaryQuery(TeamService.method.getTeam, { teamId }, transport);
}

/**
 * What an invite link shows, signed in or not: the team's name and the link's state. A token that
 * is not even shaped like one (the server's invalid_argument) is an unknown link too.
 */
export function getInviteQuery(transport: Transport, token: string) {
  const options = unaryQuery(TeamService.method.getInvite, { token }, transport);
  return {
    ...options,
    queryFn: (context: Parameters<typeof options.queryFn>[0]) =>
      Promise.resolve(options.queryFn(context)).catch((error: unknown) => {
        if (ConnectError.from(error).code !== Code.InvalidArgument) throw error;
        return create(GetInviteResponseSchema, { state: InviteState.UNKNOWN });
      }),
  };
}

/** Key prefix of every cached GetTeam of this transport, whichever team (ListMyTeams has one key: its options'). */
export const getTeamKey = (transport: Transport) => everyCallKey(TeamService.method.getTeam, transport);
