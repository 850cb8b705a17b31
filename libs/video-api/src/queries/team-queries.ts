import type { Transport } from '@connectrpc/connect';
import { createConnectQueryKey, createQueryOptions } from '@connectrpc/connect-query';
import { TeamService } from '@stream/proto';
import { retryVideoCall } from '../errors/retry-video-call';

/** The teams the caller belongs to, with their role in each (the side navigation's space switcher). */
export function listMyTeamsQuery(transport: Transport) {
  return { ...createQueryOptions(TeamService.method.listMyTeams, {}, { transport }), retry: retryVideoCall };
}

/** One team of the caller with its members and pending invites (/team). */
export function getTeamQuery(transport: Transport, teamId: string) {
  return { ...createQueryOptions(TeamService.method.getTeam, { teamId }, { transport }), retry: retryVideoCall };
}

/** What an invite link shows, signed in or not: the team's name and the link's state. */
export function getInviteQuery(transport: Transport, token: string) {
  return { ...createQueryOptions(TeamService.method.getInvite, { token }, { transport }), retry: retryVideoCall };
}

/** Key prefixes of every cached ListMyTeams / GetTeam of this transport. */
export const listMyTeamsKey = (transport: Transport) =>
  createConnectQueryKey({ schema: TeamService.method.listMyTeams, transport, cardinality: 'finite' });
export const getTeamKey = (transport: Transport) =>
  createConnectQueryKey({ schema: TeamService.method.getTeam, transport, cardinality: 'finite' });
