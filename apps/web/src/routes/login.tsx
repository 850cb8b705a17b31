import { loginNotice, oidcStartUrl, parseLoginSearch, safeRedirect, useSession, type WidgetScreen } from '@stream/auth';
import { SignInPage, SignedInNotice } from '@stream/ui';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { SignInWidget } from './-components/sign-in/sign-in-widget';

export const Route = createFileRoute('/login')({
  validateSearch: parseLoginSearch,
  component: Login,
});

function Login() {
  const { session, signIn, organisation: { oidc, saml } = {} } = Route.useRouteContext();
  const search = Route.useSearch();
  const router = useRouter();
  const { token } = useSession(session);
  // Decided once: a sign-in finishing on this page (the phone step's pause) must not flip to "logged in".
  const [startedSignedIn] = useState(token !== null && !search.mode);
  const [widgetStart, setWidgetStart] = useState<WidgetScreen | undefined>();
  const signedIn = startedSignedIn && token && !widgetStart;

  return (
    <SignInPage
      notice={loginNotice(search)}
      oidc={oidc && !signedIn ? { ...oidc, href: oidcStartUrl(search.redirect) } : undefined}
      saml={saml && !signedIn ? { ...saml, href: oidcStartUrl(search.redirect, 'saml') } : undefined}
    >
      {signedIn ? (
        <SignedInNotice
          onLogout={async () => {
            await session.logout();
            setWidgetStart({ name: 'signed-out' });
          }}
        />
      ) : (oidc ?? saml)?.only ? null : (
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
