import { ApiKeysSection, StorageSection } from '@stream/ui';
import { useApiKeys, useMyStorage } from '@stream/video-api';
import { Link, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/settings')({
  component: SettingsPage,
});

function SettingsPage() {
  const { transport } = Route.useRouteContext();
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Settings</h1>
        <p>Manage your account settings</p>
      </div>
      <StorageSection
        {...useMyStorage(transport)}
        renderVideoLink={(id, children) => (
          <Link to="/video/$id" params={{ id }} className="link">
            {children}
          </Link>
        )}
      />
      <ApiKeysSection {...useApiKeys(transport)} />
    </section>
  );
}
