import { useSession } from '@stream/auth';
import { InvitePageView, WatchFrame } from '@stream/ui';
import { getInviteQuery, rememberSpace, useInvite } from '@stream/video-api';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { RouteLoadError } from './-components/route-load-error';
import { RouterLink } from './-components/router-link';

/** An invite link: outside the sign-in guard, since GetInvite works signed out. */
export const Route = createFileRoute('/invite/$token')({
  loader: ({ context: { queryClient, transport }, params }) =>
    queryClient.ensureQueryData(getInviteQuery(transport, params.token)),
  errorComponent: ({ error }) => (
    <WatchFrame LinkComponent={RouterLink}>
      <RouteLoadError error={error} />
    </WatchFrame>
  ),
  component: InvitePage,
});

function InvitePage() {
  const { token } = Route.useParams();
  const { transport, session } = Route.useRouteContext();
  const signedIn = useSession(session).token !== null;
  const navigate = useNavigate();
  const invite = useInvite(transport, token, (team) => {
    rememberSpace(team);
    void navigate({ to: '/videos', search: { space: team.id } });
  });
  // Sign-in (and its sign-up screen) comes back here after (login.tsx's `redirect`).
  const signIn = (
    <Link to="/login" search={{ redirect: `/invite/${token}` }} className="btn btn-primary self-start">
      Sign in or sign up to join
    </Link>
  );
  return (
    <WatchFrame LinkComponent={RouterLink}>
      <InvitePageView {...invite} signedIn={signedIn} signIn={signIn} />
    </WatchFrame>
  );
}
