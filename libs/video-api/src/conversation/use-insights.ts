import type { Transport } from '@connectrpc/connect';
import { useQuery } from '@tanstack/react-query';
import { retryVideoCall } from '../errors/retry-video-call';
import { conversationClient } from './follow-conversation';

/** The owner's insights of a video (views, who watched, retention), asked for again every 30 s. */
export function useInsights(transport: Transport, videoId: string, enabled = true) {
  const client = conversationClient(transport);
  return useQuery({
    queryKey: ['insights', videoId],
    queryFn: () => client.getInsights({ videoId }),
    retry: retryVideoCall,
    enabled,
    refetchInterval: 30_000,
  });
}
