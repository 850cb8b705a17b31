import type { Transport } from '@connectrpc/connect';
import { createSession, createSignInActions, type AuthClient } from '@stream/auth';
import { createVideoTransport } from '@stream/video-api';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createAppRouter } from './router';

export interface AppOptions {
  authClient: AuthClient;
  /** Defaults to the video service at this page's origin, with the session's token. Tests pass a fake. */
  transport?: Transport;
  /** Where the session keeps `authToken`; defaults to localStorage. */
  storage?: Storage;
  history?: RouterHistory;
}

/**
 * The app's parts, wired once: session, sign-in actions, query cache, transport and router. main.tsx
 * and the tests both build the app here, so tests render the tree production renders.
 */
export function createApp({ authClient, transport, storage, history }: AppOptions) {
  const session = createSession(authClient, storage);
  const signIn = createSignInActions(authClient, session, storage);
  const queryClient = new QueryClient({
    // A loader's answer is still fresh when its component mounts a moment later, so a navigation
    // asks once, not twice (useSuspenseQuery applies the same 1 s floor).
    defaultOptions: { queries: { staleTime: 1000 } },
  });
  const router = createAppRouter({
    queryClient,
    session,
    signIn,
    transport:
      transport ?? createVideoTransport({ baseUrl: window.location.origin, getToken: async () => (await session.getToken()) ?? undefined }),
    ...(history ? { history } : {}),
  });
  // Sign-in, sign-out and a lost session re-run the guards of the routes on screen.
  session.subscribe(() => void router.invalidate());
  return { router, session, queryClient };
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
