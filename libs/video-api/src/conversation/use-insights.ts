import type { Transport } from '@connectrpc/connect';
import { useQuery } from '@tanstack/react-query';
import { insightsQuery } from './queries';

/** The owner's insights of a video (views, who watched, retention), asked for again every 30 s. */
export function useInsights(transport: Transport, videoId: string, enabled = true) {
  return useQuery({ ...insightsQuery(transport, videoId), enabled });
}
