import { EmptyVideos, LoadError, LoadMore, VideoCard, VideoGrid, VideoGridSkeleton } from '@stream/ui';
import { describeVideoError, listVideosQuery, refetchWhileProcessing } from '@stream/video-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { RouterLink } from './router-link';
import { toCardProps } from './video-props';

const route = getRouteApi('/_authed/videos');

/**
 * The grid of the caller's videos. The route's loader has the first page in the cache; more come
 * on demand, and PROCESSING ones are refreshed until they are done.
 */
export function VideoLibrary() {
  const { transport } = route.useRouteContext();
  const query = useInfiniteQuery({ ...listVideosQuery(transport), refetchInterval: (q) => refetchWhileProcessing(q.state.data) });

  if (query.isPending) return <VideoGridSkeleton />;
  if (query.isError && query.data === undefined) {
    return <LoadError message={describeVideoError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }

  const videos = query.data.pages.flatMap((page) => page.videos);
  if (videos.length === 0) return <EmptyVideos LinkComponent={RouterLink} />;

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
        <VideoCard
          key={video.id}
          {...toCardProps(video)}
          renderLink={(props) => <Link to="/video/$id" params={{ id: video.id }} {...props} />}
        />
      ))}
    </VideoGrid>
  );
}
