import { useSession } from '@stream/auth';
import { AppLayout, useTheme } from '@stream/ui';
import { useAppShell } from '@stream/video-api';
import { Outlet, createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { requireSession } from './-components/require-session';
import { RouterLink } from './-components/router-link';
import { SpaceNav } from './-components/space-nav';
import { UnfinishedRecordingsBanner } from './-components/unfinished-recordings-banner';
import { lazy, Suspense, useCallback } from 'react';

const NotificationsBell = lazy(() => import('./-components/conversation/notifications-bell'));

export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location }) => requireSession(context.session, location),
  component: AuthedLayout,
});

function AuthedLayout() {
  const { session, queryClient } = Route.useRouteContext();
  const getToken = useCallback(() => session.getToken(), [session]);
  const { user } = useSession(session);
  const { accountTheme, saveTheme, ...shell } = useAppShell(queryClient, getToken);
  const { theme, toggleTheme } = useTheme({ account: accountTheme, onToggled: saveTheme });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const searched = useRouterState({ select: (state) => (state.location.search as { q?: unknown }).q });
  const navigate = useNavigate();
  return (
    <AppLayout
      {...shell}
      currentPath={pathname}
      userName={user?.name}
      theme={theme}
      onToggleTheme={toggleTheme}
      LinkComponent={RouterLink}
      spaceSwitcher={<SpaceNav />}
      topBarExtra={
        <Suspense fallback={null}>
          <NotificationsBell session={session} />
        </Suspense>
      }
      search={pathname === '/videos' && typeof searched === 'string' ? searched : ''}
      onSearch={(q, how) => {
        // Typing searches in place on /videos; Enter goes there from anywhere.
        if (how === 'typing' && pathname !== '/videos') return;
        void navigate({ to: '/videos', search: q ? { q } : {}, replace: how === 'typing' });
      }}
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
