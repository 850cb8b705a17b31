import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { TeamService } from '@stream/proto';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getVideoQuery, listVideosKey } from '../videos/queries';
import { listMyTeamsQuery } from '../team/queries';
import { teamErrorMessage } from './team-error-message';

/**
 * "Move to team" for one video or several, as `@stream/ui`'s `MoveToTeamDialog` props: my teams,
 * and MoveVideoToTeam for each video ('' back to the personal library; with `outOnly`, the only
 * choice); lists and the video's page are asked again, then the dialog says where they went and
 * `onDone` closes it.
 */
export function useMoveToTeam(
  transport: Transport,
  videoIds: string[],
  current: string,
  onDone: () => void,
  options: { outOnly?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const teams = useQuery(listMyTeamsQuery(transport));
  // Said in the dialog once moved, before it closes: a move that only closed the dialog confirmed nothing.
  const [moved, setMoved] = useState<string>();
  const move = useMutation<unknown, ConnectError, string>({
    mutationFn: async (teamId) => {
      for (const videoId of videoIds)
        await callUnaryMethod(transport, TeamService.method.moveVideoToTeam, { videoId, teamId });
    },
    onSuccess: async (_answer, teamId) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listVideosKey(transport) }),
        ...videoIds.map((id) => queryClient.invalidateQueries({ queryKey: getVideoQuery(transport, id).queryKey })),
      ]);
      setMoved(teamId ? (teams.data?.teams.find((t) => t.id === teamId)?.name ?? 'the team') : 'your personal library');
    },
  });
  return {
    title: videoIds.length === 1 ? 'Move to team' : `Move ${videoIds.length} videos to a team`,
    // Some may only go back to their owner's personal library (the policy's `move` out of a team).
    teams: options.outOnly ? [] : (teams.data?.teams ?? []).map((t) => ({ id: t.id, name: t.name })),
    current: options.outOnly ? '' : current,
    busy: move.isPending,
    error: move.error ? teamErrorMessage(move.error) : teams.error ? teamErrorMessage(teams.error) : undefined,
    onMove: (teamId: string) => move.mutate(teamId),
    moved,
    onDone,
  };
}
