import type { DescMethodUnary, DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { TeamService } from '@stream/proto';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { listVideosKey } from '../videos/queries';
import { getTeamKey, listMyTeamsQuery } from './queries';

/** After any change to a team: the caller's teams and every open team page are asked again. */
const refreshTeams = (queryClient: QueryClient, transport: Transport) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: listMyTeamsQuery(transport).queryKey }),
    queryClient.invalidateQueries({ queryKey: getTeamKey(transport) }),
  ]).then(() => undefined);

/** A mutation of one TeamService method that refreshes the team queries when it succeeds. */
function teamMutation<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  transport: Transport,
  queryClient: QueryClient,
  alsoVideos = false,
): UseMutationOptions<MessageShape<O>, ConnectError, MessageInitShape<I>> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, method, input),
    onSuccess: async () => {
      await refreshTeams(queryClient, transport);
      if (alsoVideos) await queryClient.invalidateQueries({ queryKey: listVideosKey(transport) });
    },
  };
}

const { method } = TeamService;
export const createTeamMutation = (t: Transport, q: QueryClient) => teamMutation(method.createTeam, t, q);
export const renameTeamMutation = (t: Transport, q: QueryClient) => teamMutation(method.renameTeam, t, q);
/** Its videos go back to their owners' libraries: lists are asked again too. */
export const deleteTeamMutation = (t: Transport, q: QueryClient) => teamMutation(method.deleteTeam, t, q, true);
export const changeRoleMutation = (t: Transport, q: QueryClient) => teamMutation(method.changeRole, t, q);
export const removeMemberMutation = (t: Transport, q: QueryClient) => teamMutation(method.removeMember, t, q);
export const leaveTeamMutation = (t: Transport, q: QueryClient) => teamMutation(method.leaveTeam, t, q, true);
export const createInviteMutation = (t: Transport, q: QueryClient) => teamMutation(method.createInvite, t, q);
export const revokeInviteMutation = (t: Transport, q: QueryClient) => teamMutation(method.revokeInvite, t, q);
export const acceptInviteMutation = (t: Transport, q: QueryClient) => teamMutation(method.acceptInvite, t, q, true);
export const moveVideoToTeamMutation = (t: Transport, q: QueryClient) =>
  teamMutation(method.moveVideoToTeam, t, q, true);
