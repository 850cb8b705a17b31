import { getVideoQuery, refetchWhileProcessing } from '@stream/video-api';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { WatchLoadError, WatchPage, WatchPending } from './-components/watch/watch-page';

/** The watch page of a public video, by id: outside the sign-in guard (GetVideo answers signed out for PUBLIC). */
export const Route = createFileRoute('/watch/$id')({
  loader: async ({ context: { queryClient, transport }, params }) => {
    await queryClient.ensureQueryData(getVideoQuery(transport, params.id));
  },
  pendingComponent: WatchPending,
  errorComponent: WatchLoadError,
  component: PublicWatchPage,
});

function PublicWatchPage() {
  const { id } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  const query = useQuery({
    ...getVideoQuery(transport, id),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data),
  });
  return <WatchPage query={query} transport={transport} session={session} />;
}
