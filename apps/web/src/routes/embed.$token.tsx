import { getSharedVideoQuery, useSharedVideo } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import { WatchBody, WatchLoadError } from './-components/watch/watch-page';

/** The player of a share link alone, for other sites' frames: no app chrome. */
export const Route = createFileRoute('/embed/$token')({
  loader: ({ context: { queryClient, transport }, params }) =>
    queryClient.ensureQueryData(getSharedVideoQuery(transport, params.token)),
  pendingComponent: () => <p className="p-4">Loading...</p>,
  errorComponent: WatchLoadError,
  component: EmbedPage,
});

function EmbedPage() {
  const { token } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  return (
    <main className="h-screen w-screen overflow-hidden bg-black">
      <WatchBody
        query={useSharedVideo(transport, token)}
        transport={transport}
        session={session}
        shareToken={token}
        embed
      />
    </main>
  );
}
