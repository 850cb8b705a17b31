import { getSharedVideoQuery, refetchWhileProcessing } from '@stream/video-api';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { isUnavailable } from './-components/watch/unavailable-error';
import { VideoUnavailable } from './-components/watch/video-unavailable';
import { WatchQueryView } from './-components/watch/watch-query-view';
import { EmbeddedPlayer } from './-components/watch/embedded-player';
import { RouteLoadError } from './-components/route-load-error';

/** The player of a share link alone, for other sites' frames: no app chrome. */
export const Route = createFileRoute('/embed/$token')({
  loader: async ({ context: { queryClient, transport }, params }) => {
    await queryClient.ensureQueryData(getSharedVideoQuery(transport, params.token));
  },
  pendingComponent: () => <p className="p-4">Loading...</p>,
  errorComponent: ({ error }) => (isUnavailable(error) ? <VideoUnavailable /> : <RouteLoadError error={error} />),
  component: EmbedPage,
});

function EmbedPage() {
  const { token } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  const query = useQuery({
    ...getSharedVideoQuery(transport, token),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data),
  });
  return (
    <main className="flex min-h-screen items-center bg-black">
      <WatchQueryView query={query}>
        {(video) => (
          <EmbeddedPlayer
            key={video.id}
            video={video}
            transport={transport}
            session={session}
            shareToken={token}
            refetch={() => void query.refetch()}
          />
        )}
      </WatchQueryView>
    </main>
  );
}
