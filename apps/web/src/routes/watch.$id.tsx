import { getVideoQuery, refetchWhileProcessing } from '@stream/video-api';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { RouteLoadError } from './-components/route-load-error';
import { isUnavailable } from './-components/watch/unavailable-error';
import { VideoUnavailable } from './-components/watch/video-unavailable';
import { WatchFrame } from './-components/watch/watch-frame';
import { WatchQueryView } from './-components/watch/watch-query-view';
import { WatchVideo } from './-components/watch/watch-video';

/** The watch page of a public video, by id: outside the sign-in guard (GetVideo answers signed out for PUBLIC). */
export const Route = createFileRoute('/watch/$id')({
  loader: async ({ context: { queryClient, transport }, params }) => {
    await queryClient.ensureQueryData(getVideoQuery(transport, params.id));
  },
  pendingComponent: () => (
    <WatchFrame>
      <p>Loading...</p>
    </WatchFrame>
  ),
  errorComponent: ({ error }) => (
    <WatchFrame>{isUnavailable(error) ? <VideoUnavailable /> : <RouteLoadError error={error} />}</WatchFrame>
  ),
  component: PublicWatchPage,
});

function PublicWatchPage() {
  const { id } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  const query = useQuery({
    ...getVideoQuery(transport, id),
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
            refetch={() => void query.refetch()}
          />
        )}
      </WatchQueryView>
    </WatchFrame>
  );
}
