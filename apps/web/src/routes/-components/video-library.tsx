import type { Transport } from '@connectrpc/connect';
import { EmptyVideos, LoadError, LoadMore, VideoCard, VideoGrid, VideoGridSkeleton } from '@stream/ui';
import { describeVideoError, listVideosQuery, refetchWhileProcessing } from '@stream/video-api';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { toCardProps } from './video-props';

export interface VideoLibraryProps {
  queryClient: QueryClient;
  transport: Transport;
  onOpen: (videoId: string) => void;
  onRecord: () => void;
}

/** The grid of the caller's videos: first page at once, more on demand, PROCESSING ones refreshed until done. */
export function VideoLibrary({ queryClient, transport, onOpen, onRecord }: VideoLibraryProps) {
  const query = useInfiniteQuery(
    {
      ...listVideosQuery(transport),
      refetchInterval: (q) => refetchWhileProcessing(q.state.data),
    },
    queryClient,
  );

  if (query.isPending) return <VideoGridSkeleton />;
  if (query.isError && query.data === undefined) {
    return (
      <LoadError message={describeVideoError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }

  const videos = (query.data?.pages ?? []).flatMap((page) => page.videos);
  if (videos.length === 0) return <EmptyVideos recordHref="/record" onRecord={onRecord} />;

  return (
    <VideoGrid
      footer={
        <>
          {query.isFetchNextPageError && (
            <LoadError
              message={describeVideoError(query.error).message}
              onRetry={() => void query.fetchNextPage()}
              retrying={query.isFetchingNextPage}
            />
          )}
          {query.hasNextPage && !query.isFetchNextPageError && (
            <LoadMore loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
          )}
        </>
      }
    >
      {videos.map((video) => (
        <VideoCard key={video.id} {...toCardProps(video)} onOpen={() => onOpen(video.id)} />
      ))}
    </VideoGrid>
  );
}
