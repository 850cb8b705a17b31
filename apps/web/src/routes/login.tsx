import { WIDGET_MODES, useSession, type WidgetMode, type WidgetScreen } from '@stream/auth';
import { SignInPage, SignedInNotice } from '@stream/ui';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { safeRedirect } from './-components/safe-redirect';
import { SignInWidget } from './-components/sign-in/sign-in-widget';

export interface LoginSearch {
  /** Where the person was headed when the guard sent them here. */
  redirect?: string;
  /** The widget action of an email link (SPEC §2), with its one-time code. */
  mode?: WidgetMode;
  oobCode?: string;
  notice?: 'account-deleted'; // said on the page: the account was just deleted
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(WIDGET_MODES.includes(search.mode as WidgetMode) ? { mode: search.mode as WidgetMode } : {}),
    ...(typeof search.oobCode === 'string' ? { oobCode: search.oobCode } : {}),
    ...(search.notice === 'account-deleted' ? { notice: 'account-deleted' as const } : {}),
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
    <SignInPage notice={search.notice === 'account-deleted' ? 'Your account was deleted.' : undefined}>
      {startedSignedIn && token && !widgetStart ? (
        <SignedInNotice
          onLogout={async () => {
            await session.logout();
            setWidgetStart({ name: 'signed-out' });
          }}
        />
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
    </SignInPage>
  );
}
