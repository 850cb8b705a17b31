import { getSharedVideoQuery, refetchWhileProcessing } from '@stream/video-api';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { WatchLoadError, WatchPage, WatchPending } from './-components/watch/watch-page';

/** The watch page of a share link: outside the sign-in guard, it works signed out. */
export const Route = createFileRoute('/s/$token')({
  loader: async ({ context: { queryClient, transport }, params }) => {
    await queryClient.ensureQueryData(getSharedVideoQuery(transport, params.token));
  },
  pendingComponent: WatchPending,
  errorComponent: WatchLoadError,
  component: SharedWatchPage,
});

function SharedWatchPage() {
  const { token } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  const query = useQuery({
    ...getSharedVideoQuery(transport, token),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data),
  });
  return <WatchPage query={query} transport={transport} session={session} shareToken={token} />;
}
