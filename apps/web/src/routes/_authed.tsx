import { useSession } from '@stream/auth';
import { AppLayout, useTheme } from '@stream/ui';
import { Outlet, createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { requireSession } from './-components/require-session';
import { RouterLink } from './-components/router-link';
import { UnfinishedRecordingsBanner } from './-components/unfinished-recordings-banner';

export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location }) => requireSession(context.session, location),
  component: AuthedLayout,
});

function AuthedLayout() {
  const { session } = Route.useRouteContext();
  const { user } = useSession(session);
  const { theme, toggleTheme } = useTheme();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  return (
    <AppLayout
      currentPath={pathname}
      userName={user?.name}
      theme={theme}
      onToggleTheme={toggleTheme}
      LinkComponent={RouterLink}
      onLogout={async () => {
        await session.logout();
        await navigate({ to: '/login', replace: true });
      }}
    >
      <UnfinishedRecordingsBanner pathname={pathname} />
      <Outlet />
    </AppLayout>
  );
}
