import type { Video } from '@stream/proto';
import { LoadError } from '@stream/ui';
import { describeVideoError } from '@stream/video-api';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isUnavailable } from './unavailable-error';
import { VideoUnavailable } from './video-unavailable';

/** A watch or embed page's states: loading, not available (also when a link dies while open), failed with Retry, or the video. */
export function WatchQueryView({
  query,
  children,
}: {
  query: UseQueryResult<Video, unknown>;
  children: (video: Video) => ReactNode;
}) {
  if (query.isPending) return <p>Loading...</p>;
  if (query.isError && (query.data === undefined || isUnavailable(query.error))) {
    if (isUnavailable(query.error)) return <VideoUnavailable />;
    return (
      <LoadError
        message={describeVideoError(query.error).message}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (!query.data) return <VideoUnavailable />;
  return children(query.data);
}
