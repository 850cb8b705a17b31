import { useSession } from '@stream/auth';
import { AdminPageView } from '@stream/ui';
import { listPeopleQuery, useAdminPage } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import { RouteLoadError } from '../-components/route-load-error';

/** The operator's admin (split from the first page by the router's code splitting). */
export const Route = createFileRoute('/_authed/admin')({
  loader: ({ context: { queryClient, transport } }) => queryClient.ensureQueryData(listPeopleQuery(transport)),
  errorComponent: ({ error }) => (
    <RouteLoadError title="Admin" error={error} denied="This page is for the instance's admins." />
  ),
  component: AdminPage,
});

function AdminPage() {
  const { transport, session } = Route.useRouteContext();
  const { user } = useSession(session);
  return <AdminPageView {...useAdminPage(transport)} myUid={user?.id} />;
}
