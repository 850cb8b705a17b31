import { getSharedVideoQuery, refetchWhileProcessing } from '@stream/video-api';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { RouteLoadError } from './-components/route-load-error';
import { isUnavailable } from './-components/watch/unavailable-error';
import { VideoUnavailable } from './-components/watch/video-unavailable';
import { WatchFrame } from './-components/watch/watch-frame';
import { WatchQueryView } from './-components/watch/watch-query-view';
import { WatchVideo } from './-components/watch/watch-video';

/** The watch page of a share link: outside the sign-in guard, it works signed out. */
export const Route = createFileRoute('/s/$token')({
  loader: async ({ context: { queryClient, transport }, params }) => {
    await queryClient.ensureQueryData(getSharedVideoQuery(transport, params.token));
  },
  pendingComponent: () => (
    <WatchFrame>
      <p>Loading...</p>
    </WatchFrame>
  ),
  errorComponent: ({ error }) => (
    <WatchFrame>{isUnavailable(error) ? <VideoUnavailable /> : <RouteLoadError error={error} />}</WatchFrame>
  ),
  component: SharedWatchPage,
});

function SharedWatchPage() {
  const { token } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  const query = useQuery({
    ...getSharedVideoQuery(transport, token),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data),
  });
  return (
    <WatchFrame>
      <WatchQueryView query={query}>
        {(video) => (
          <WatchVideo
            key={video.id}
            video={video}
            transport={transport}
            session={session}
            shareToken={token}
            refetch={() => void query.refetch()}
          />
        )}
      </WatchQueryView>
    </WatchFrame>
  );
}
