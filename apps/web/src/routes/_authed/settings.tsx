import { useAccountSecurity } from '@stream/auth';
import { SettingsPageView, applyTheme } from '@stream/ui';
import { getAccountQuery, useApiKeys, useMyStorage, useSettingsPage } from '@stream/video-api';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RouteLoadError } from '../-components/route-load-error';

/** /settings#profile, #account, #defaults, #storage, #api-keys, #data. */
export const Route = createFileRoute('/_authed/settings')({
  loader: ({ context: { queryClient, transport } }) => queryClient.ensureQueryData(getAccountQuery(transport)),
  errorComponent: ({ error }) => <RouteLoadError error={error} />,
  component: SettingsPage,
});

function SettingsPage() {
  const { transport, session } = Route.useRouteContext();
  const navigate = useNavigate();
  const security = useAccountSecurity(session);
  const page = useSettingsPage(transport, {
    onRenamed: (name) => security.rename(name),
    onTheme: (theme) => theme !== 'System' && applyTheme(theme === 'Dark' ? 'dark' : 'light'),
    download: (url) => window.location.assign(url),
    getToken: () => session.getToken(),
    onDeleted: async () => {
      await session.logout();
      await navigate({ to: '/login', search: { notice: 'account-deleted' }, replace: true });
    },
  });
  const storage = useMyStorage(transport);
  return (
    <SettingsPageView
      {...page}
      security={security}
      storage={{ ...storage, renderVideoLink: (id, title) => <VideoLink id={id}>{title}</VideoLink> }}
      apiKeys={useApiKeys(transport)}
    />
  );
}

const VideoLink = ({ id, children }: { id: string; children: ReactNode }) => (
  <Link to="/video/$id" params={{ id }} className="link">
    {children}
  </Link>
);
