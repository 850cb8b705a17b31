import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type Transport } from '@connectrpc/connect';
import { createConnectQueryKey, createQueryOptions } from '@connectrpc/connect-query';
import { GetInviteResponseSchema, InviteState, TeamService } from '@stream/proto';
import { retryVideoCall } from '../errors/retry-video-call';

/** The teams the caller belongs to, with their role in each (the side navigation's space switcher). */
export function listMyTeamsQuery(transport: Transport) {
  return { ...createQueryOptions(TeamService.method.listMyTeams, {}, { transport }), retry: retryVideoCall };
}

/** One team of the caller with its members and pending invites (/team). */
export function getTeamQuery(transport: Transport, teamId: string) {
  return { ...createQueryOptions(TeamService.method.getTeam, { teamId }, { transport }), retry: retryVideoCall };
}

/**
 * What an invite link shows, signed in or not: the team's name and the link's state. A token that
 * is not even shaped like one (the server's invalid_argument) is an unknown link too.
 */
export function getInviteQuery(transport: Transport, token: string) {
  const options = createQueryOptions(TeamService.method.getInvite, { token }, { transport });
  return {
    ...options,
    queryFn: (context: Parameters<typeof options.queryFn>[0]) =>
      Promise.resolve(options.queryFn(context)).catch((error: unknown) => {
        if (ConnectError.from(error).code !== Code.InvalidArgument) throw error;
        return create(GetInviteResponseSchema, { state: InviteState.UNKNOWN });
      }),
    retry: retryVideoCall,
  };
}

/** Key prefixes of every cached ListMyTeams / GetTeam of this transport. */
export const listMyTeamsKey = (transport: Transport) =>
  createConnectQueryKey({ schema: TeamService.method.listMyTeams, transport, cardinality: 'finite' });
export const getTeamKey = (transport: Transport) =>
  createConnectQueryKey({ schema: TeamService.method.getTeam, transport, cardinality: 'finite' });
