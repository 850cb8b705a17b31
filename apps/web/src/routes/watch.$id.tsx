import { getVideoQuery, useVideo } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import { FramedWatchLoadError, WatchPage, WatchPending } from './-components/watch/watch-page';

/** The watch page of a public video, by id: outside the sign-in guard (GetVideo answers signed out for PUBLIC). */
export const Route = createFileRoute('/watch/$id')({
  loader: ({ context: { queryClient, transport }, params }) =>
    queryClient.ensureQueryData(getVideoQuery(transport, params.id)),
  pendingComponent: WatchPending,
  errorComponent: FramedWatchLoadError,
  component: PublicWatchPage,
});

function PublicWatchPage() {
  const { id } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  return <WatchPage query={useVideo(transport, id)} transport={transport} session={session} />;
}
