import { useSession } from '@stream/auth';
import { TeamPageView } from '@stream/ui';
import { listMyTeamsQuery, useTeamPage } from '@stream/video-api';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { RouteLoadError } from '../-components/route-load-error';

/** `?team=` the team on screen (default: the first of mine). */
export const Route = createFileRoute('/_authed/team')({
  validateSearch: (search: Record<string, unknown>): { team?: string } =>
    typeof search.team === 'string' && search.team ? { team: search.team } : {},
  loader: ({ context: { queryClient, transport } }) => queryClient.ensureQueryData(listMyTeamsQuery(transport)),
  errorComponent: ({ error }) => <RouteLoadError error={error} />,
  component: TeamPage,
});

function TeamPage() {
  const { transport, session } = Route.useRouteContext();
  const { user } = useSession(session);
  const { team } = Route.useSearch();
  const navigate = useNavigate();
  const page = useTeamPage(transport, {
    teamId: team,
    myUid: user?.id,
    onOpen: (id) => void navigate({ to: '/team', search: id ? { team: id } : {} }),
  });
  return (
    <TeamPageView {...page} renderTeamLink={(id, props) => <Link to="/team" search={{ team: id }} {...props} />} />
  );
}
