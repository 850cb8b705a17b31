import { getVideoQuery, useVideo } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import { WatchFrame } from '@stream/ui';
import { WatchBody, WatchLoadError, WatchPending } from './-components/watch/watch-page';
import { RouterLink } from './-components/router-link';

/** The watch page of a public video, by id: outside the sign-in guard (GetVideo answers signed out for PUBLIC). */
export const Route = createFileRoute('/watch/$id')({
  loader: ({ context: { queryClient, transport }, params }) =>
    queryClient.ensureQueryData(getVideoQuery(transport, params.id)),
  pendingComponent: WatchPending,
  errorComponent: ({ error }) => (
    <WatchFrame LinkComponent={RouterLink}>
      <WatchLoadError error={error} />
    </WatchFrame>
  ),
  component: PublicWatchPage,
});

function PublicWatchPage() {
  const { id } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  return (
    <WatchFrame LinkComponent={RouterLink}>
      <WatchBody query={useVideo(transport, id)} transport={transport} session={session} />
    </WatchFrame>
  );
}
