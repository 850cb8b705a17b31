import { useSession } from '@stream/auth';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { safeRedirect } from './-components/safe-redirect';
import { SignInWidget } from './-components/sign-in/sign-in-widget';
import { WIDGET_MODES, type WidgetMode, type WidgetScreen } from './-components/sign-in/widget-screen';

export interface LoginSearch {
  /** Where the person was headed when the guard sent them here. */
  redirect?: string;
  /** The widget action of an email link (SPEC §2), with its one-time code. */
  mode?: WidgetMode;
  oobCode?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(WIDGET_MODES.includes(search.mode as WidgetMode) ? { mode: search.mode as WidgetMode } : {}),
    ...(typeof search.oobCode === 'string' ? { oobCode: search.oobCode } : {}),
  }),
  component: Login,
});

function Login() {
  const { session, signIn } = Route.useRouteContext();
  const search = Route.useSearch();
  const router = useRouter();
  const { token } = useSession(session);
  // Decided once: a sign-in finishing on this page (the phone step's pause) must not flip to "logged in".
  const [startedSignedIn] = useState(token !== null && !search.mode);
  const [widgetStart, setWidgetStart] = useState<WidgetScreen | undefined>();

  return (
    <main className="bg-base-200 flex min-h-screen flex-col items-center justify-center gap-6 p-4">
      <p className="text-3xl font-bold">Stream</p>
      {startedSignedIn && token && !widgetStart ? (
        <section className="card bg-base-100 w-full max-w-sm shadow-md">
          <div className="card-body items-center gap-4 text-center">
            <h1 className="text-xl font-semibold">You are logged in</h1>
            <button
              type="button"
              className="btn btn-primary"
              onClick={async () => {
                await session.logout();
                setWidgetStart({ name: 'signed-out' });
              }}
            >
              Logout
            </button>
          </div>
        </section>
      ) : (
        <SignInWidget
          key={widgetStart?.name ?? 'start'}
          actions={signIn}
          mode={search.mode}
          oobCode={search.oobCode}
          currentUrl={window.location.href}
          continueUrl={`${window.location.origin}/login`}
          initialScreen={widgetStart}
          onSignedIn={() => void router.history.replace(safeRedirect(search.redirect))}
        />
      )}
    </main>
  );
}
