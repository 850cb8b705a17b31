import type { ConnectError, Transport } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import {
  changeRoleMutation,
  createInviteMutation,
  createTeamMutation,
  deleteTeamMutation,
  leaveTeamMutation,
  removeMemberMutation,
  renameTeamMutation,
  revokeInviteMutation,
} from '../team/mutations';
import { getTeamQuery, listMyTeamsQuery } from '../team/queries';
import { useWebhooks } from '../webhooks/use-webhooks';
import { teamErrorMessage } from './team-error-message';
import { roleLabel, roleOfLabel, teamRows, type TeamRoleLabel } from './team-view';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any mutation: only its state is read
const state = (m: UseMutationResult<any, ConnectError, any>) => ({
  busy: m.isPending,
  error: m.error ? teamErrorMessage(m.error) : undefined,
  reset: () => m.reset(),
});

/**
 * /team as `@stream/ui`'s `TeamPageView` props: my teams, Create team, and the open team (`teamId`,
 * else my first) with rename, delete, leave, roles, removals, invites and (owners, admins) webhooks. `onOpen` is told which
 * team to show after one is created, deleted or left (undefined: the first).
 */
export function useTeamPage(
  transport: Transport,
  options: { teamId: string | undefined; myUid: string | undefined; onOpen: (teamId: string | undefined) => void },
) {
  const queryClient = useQueryClient();
  const teams = useQuery(listMyTeamsQuery(transport));
  const list = teams.data?.teams ?? [];
  const currentId = options.teamId ?? list[0]?.id;
  const page = useQuery({ ...getTeamQuery(transport, currentId ?? ''), enabled: Boolean(currentId) });
  const create = useMutation(createTeamMutation(transport, queryClient));
  const rename = useMutation(renameTeamMutation(transport, queryClient));
  const remove = useMutation(deleteTeamMutation(transport, queryClient));
  const leave = useMutation(leaveTeamMutation(transport, queryClient));
  const changeRole = useMutation(changeRoleMutation(transport, queryClient));
  const removeMember = useMutation(removeMemberMutation(transport, queryClient));
  const invite = useMutation(createInviteMutation(transport, queryClient));
  const revoke = useMutation(revokeInviteMutation(transport, queryClient));
  const [inviteLink, setInviteLink] = useState<{ teamId: string; url: string; mailedTo?: string }>();
  const teamId = currentId ?? '';
  const open = page.data?.team && page.data.team.id === currentId ? page.data : undefined;
  const myRole: TeamRoleLabel = roleLabel(open?.team?.role ?? 0);
  // The team's webhooks are its owners' and admins' (a member is refused by the server too).
  const webhooks = useWebhooks(transport, { teamId, enabled: Boolean(open) && myRole !== 'member' });

  return {
    loading: teams.isPending,
    loadError: teams.error ? teamErrorMessage(teams.error) : undefined,
    teams: list.map((t) => ({ id: t.id, name: t.name })),
    currentId,
    teamError: page.error ? teamErrorMessage(page.error) : undefined,
    createTeam: {
      ...state(create),
      submit: (name: string, done: () => void) =>
        create.mutate({ name }, { onSuccess: (team) => (done(), options.onOpen(team.id)) }),
    },
    team: open && {
      name: open.team!.name,
      myRole,
      ...teamRows(open, options.myUid),
      rename: {
        ...state(rename),
        submit: (name: string, done: () => void) => rename.mutate({ teamId, name }, { onSuccess: done }),
      },
      remove: {
        ...state(remove),
        submit: (done: () => void) =>
          remove.mutate({ teamId }, { onSuccess: () => (done(), options.onOpen(undefined)) }),
      },
      leave: {
        ...state(leave),
        submit: (done: () => void) =>
          leave.mutate({ teamId }, { onSuccess: () => (done(), options.onOpen(undefined)) }),
      },
      changeRole: {
        ...state(changeRole),
        submit: (uid: string, role: TeamRoleLabel) => changeRole.mutate({ teamId, uid, role: roleOfLabel[role] }),
      },
      removeMember: {
        ...state(removeMember),
        submit: (uid: string, done: () => void) => removeMember.mutate({ teamId, uid }, { onSuccess: done }),
      },
      revokeInvite: { ...state(revoke), submit: (inviteId: string) => revoke.mutate({ teamId, inviteId }) },
      createInvite: {
        ...state(invite),
        submit: (choice: { role: TeamRoleLabel; expireAfterSeconds: number; maxUses: number; email?: string }) =>
          invite.mutate(
            {
              teamId,
              role: roleOfLabel[choice.role],
              expireAfterSeconds: BigInt(choice.expireAfterSeconds),
              maxUses: choice.maxUses,
              email: choice.email ?? '',
            },
            {
              onSuccess: (made) =>
                setInviteLink({ teamId, url: made.url, ...(made.mailed ? { mailedTo: choice.email } : {}) }),
            },
          ),
      },
      inviteLink: inviteLink?.teamId === teamId ? inviteLink.url : undefined,
      mailedTo: inviteLink?.teamId === teamId ? inviteLink.mailedTo : undefined,
      mailEnabled: open.mailEnabled,
      ...(myRole === 'member' ? {} : { webhooks }),
    },
  };
}
