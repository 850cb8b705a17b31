import { getSharedVideoQuery, useSharedVideo } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import { FramedWatchLoadError, WatchPage, WatchPending } from './-components/watch/watch-page';

/** The watch page of a share link: outside the sign-in guard, it works signed out. */
export const Route = createFileRoute('/s/$token')({
  loader: ({ context: { queryClient, transport }, params }) =>
    queryClient.ensureQueryData(getSharedVideoQuery(transport, params.token)),
  pendingComponent: WatchPending,
  errorComponent: FramedWatchLoadError,
  component: SharedWatchPage,
});

function SharedWatchPage() {
  const { token } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  return (
    <WatchPage query={useSharedVideo(transport, token)} transport={transport} session={session} shareToken={token} />
  );
}
