import type { Transport } from '@connectrpc/connect';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listMyTeamsQuery } from '../team/queries';
import { rememberSpace, rememberedSpace } from './active-space';

/**
 * The name of the space /videos shows: undefined the personal library, a team's name
 * from ListMyTeams ('' until it comes). A space that arrived by URL alone is remembered with its
 * name once known, so the side navigation names it after a reload too.
 */
export function useSpaceName(transport: Transport, spaceId: string | undefined): string | undefined {
  const teams = useQuery({ ...listMyTeamsQuery(transport), enabled: Boolean(spaceId) });
  const name = teams.data?.teams.find((team) => team.id === spaceId)?.name ?? '';
  useEffect(() => {
    if (spaceId && name && rememberedSpace().id === spaceId) rememberSpace({ id: spaceId, name });
  }, [spaceId, name]);
  return spaceId ? name : undefined;
}
