import { getSharedVideoQuery, useSharedVideo } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import { WatchFrame } from '@stream/ui';
import { WatchBody, WatchLoadError, WatchPending } from './-components/watch/watch-page';
import { RouterLink } from './-components/router-link';

/** The watch page of a share link: outside the sign-in guard, it works signed out. */
export const Route = createFileRoute('/s/$token')({
  loader: ({ context: { queryClient, transport }, params }) =>
    queryClient.ensureQueryData(getSharedVideoQuery(transport, params.token)),
  pendingComponent: WatchPending,
  errorComponent: ({ error }) => (
    <WatchFrame LinkComponent={RouterLink}>
      <WatchLoadError error={error} />
    </WatchFrame>
  ),
  component: SharedWatchPage,
});

function SharedWatchPage() {
  const { token } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  return (
    <WatchFrame LinkComponent={RouterLink}>
      <WatchBody query={useSharedVideo(transport, token)} transport={transport} session={session} shareToken={token} />
    </WatchFrame>
  );
}
