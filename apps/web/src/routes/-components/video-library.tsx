import type { Video } from '@stream/proto';
import {
  EmptyVideos,
  LoadError,
  LoadMore,
  VideoActionsMenu,
  VideoCard,
  VideoGrid,
  VideoGridSkeleton,
} from '@stream/ui';
import { describeVideoError, listVideosQuery, refetchWhileProcessing } from '@stream/video-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DeleteVideoDialog } from './delete-video-dialog';
import { RouterLink } from './router-link';
import { ShareVideoDialog } from './share-video-dialog';
import { toCardProps } from './video-props';

const route = getRouteApi('/_authed/videos');

/**
 * The grid of the caller's videos. The route's loader has the first page in the cache; more come
 * on demand, and PROCESSING ones are refreshed until they are done. Each card has a menu: Share,
 * Edit (the video's page with its title editor open), Download, Delete.
 */
export function VideoLibrary() {
  const { transport } = route.useRouteContext();
  const navigate = useNavigate();
  const [acting, setActing] = useState<{ action: 'share' | 'delete'; video: Video }>();
  const query = useInfiniteQuery({
    ...listVideosQuery(transport),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data),
  });

  if (query.isPending) return <VideoGridSkeleton />;
  if (query.isError && query.data === undefined) {
    return (
      <LoadError
        message={describeVideoError(query.error).message}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }

  const videos = query.data.pages.flatMap((page) => page.videos);
  if (videos.length === 0) return <EmptyVideos LinkComponent={RouterLink} />;

  const close = () => setActing(undefined);
  return (
    <>
      {acting?.action === 'share' && <ShareVideoDialog video={acting.video} transport={transport} onClose={close} />}
      {acting?.action === 'delete' && (
        <DeleteVideoDialog video={acting.video} transport={transport} onClose={close} onDeleted={close} />
      )}
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
            views={Number(video.viewCount)}
            renderLink={(props) => <Link to="/video/$id" params={{ id: video.id }} {...props} />}
            actions={
              <VideoActionsMenu
                title={video.title}
                url={video.url}
                onShare={() => setActing({ action: 'share', video })}
                onEdit={() => void navigate({ to: '/video/$id', params: { id: video.id }, search: { edit: true } })}
                onDelete={() => setActing({ action: 'delete', video })}
              />
            }
          />
        ))}
      </VideoGrid>
    </>
  );
}
