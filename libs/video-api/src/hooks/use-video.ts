import type { Transport } from '@connectrpc/connect';
import { useQuery } from '@tanstack/react-query';
import { describeVideoError } from '../errors/describe-video-error';
import { refetchWhileApplying } from '../editing/mutations';
import { getSharedVideoQuery, getVideoQuery, refetchWhileProcessing } from '../videos/queries';

/**
 * GetVideo as the route's loader left it in the cache, asked again every few seconds while the
 * video is PROCESSING (and, with `whileApplying`, while an edit renders).
 */
export function useVideo(transport: Transport, videoId: string, { whileApplying = false } = {}) {
  return useQuery({
    ...getVideoQuery(transport, videoId),
    refetchInterval: (q) =>
      refetchWhileProcessing(q.state.data) || (whileApplying ? refetchWhileApplying(q.state.data) : false),
  });
}

/** The video of a share link (GetSharedVideo), asked again while it is PROCESSING. */
export function useSharedVideo(transport: Transport, shareToken: string) {
  return useQuery({
    ...getSharedVideoQuery(transport, shareToken),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data),
  });
}

/** A failed query as `@stream/ui`'s `LoadError` props: the words to show, and Retry. */
export function loadErrorOf(query: { error: unknown; refetch: () => unknown; isRefetching: boolean }) {
  return {
    message: describeVideoError(query.error).message,
    onRetry: () => void query.refetch(),
    retrying: query.isRefetching,
  };
}
