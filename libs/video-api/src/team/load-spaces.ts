import type { Transport } from '@connectrpc/connect';
import type { QueryClient } from '@tanstack/react-query';
import { listMyTeamsQuery } from '../team/queries';
import { PERSONAL_SPACE, type ActiveSpace } from './active-space';

/** The side navigation's spaces: Personal, then each of my teams by name (ListMyTeams, cached). */
export async function loadSpaces(queryClient: QueryClient, transport: Transport): Promise<ActiveSpace[]> {
  const { teams } = await queryClient.fetchQuery(listMyTeamsQuery(transport));
  return [PERSONAL_SPACE, ...teams.map((team) => ({ id: team.id, name: team.name }))];
}
