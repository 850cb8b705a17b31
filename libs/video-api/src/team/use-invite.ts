import type { Transport } from '@connectrpc/connect';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { acceptInviteMutation } from '../team/mutations';
import { getInviteQuery } from '../team/queries';
import { teamErrorMessage } from './team-error-message';
import { inviteStateLabel, roleLabel } from './team-view';

/**
 * /invite/$token as `@stream/ui`'s `InvitePageView` props: the invite's team and state (the route's
 * loader has it in the cache; GetInvite works signed out) and Join team, which accepts it and hands
 * the team (id, name) to `onJoined`.
 */
export function useInvite(transport: Transport, token: string, onJoined: (team: { id: string; name: string }) => void) {
  const queryClient = useQueryClient();
  const invite = useSuspenseQuery(getInviteQuery(transport, token)).data;
  const accept = useMutation(acceptInviteMutation(transport, queryClient));
  return {
    state: inviteStateLabel(invite),
    teamName: invite.teamName,
    role: roleLabel(invite.role),
    join: {
      busy: accept.isPending,
      error: accept.error ? teamErrorMessage(accept.error) : undefined,
      submit: () => accept.mutate({ token }, { onSuccess: (team) => onJoined({ id: team.id, name: team.name }) }),
    },
  };
}
