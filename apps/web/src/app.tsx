import type { Transport } from '@connectrpc/connect';
import { createSession, createSignInActions, type AuthClient } from '@stream/auth';
import type { RecorderOptions } from '@stream/recorder';
import type { UploadClient } from '@stream/video-api';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { RootOptions } from 'react-dom/client';
import { lazyTransport } from './lazy-transport';
import { lazyUploadClient } from './lazy-upload-client';
import { createAppRouter } from './router';

export interface AppOptions {
  authClient: AuthClient;
  /** Defaults to the video service at this page's origin, with the session's token. Tests pass a fake. */
  transport?: Transport;
  /** Defaults to uploads to this page's origin with the session's token. Tests pass a scripted one. */
  uploads?: UploadClient;
  /** Defaults to the browser's media. Tests pass `@stream/recorder/testing`'s fake browser. */
  recorder?: RecorderOptions;
  /** Where the session keeps `authToken`; defaults to localStorage. */
  storage?: Storage;
  history?: RouterHistory;
}

/**
 * The app's parts, wired once: session, sign-in actions, query cache, transport, uploads and router. main.tsx
 * and the tests both build the app here, so tests render the tree production renders.
 */
export function createApp({ authClient, transport, uploads, recorder = {}, storage, history }: AppOptions) {
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
      transport ??
      lazyTransport(async () =>
        (await import('./video-service-client')).createVideoTransport({
          baseUrl: window.location.origin,
          getToken: async () => (await session.getToken()) ?? undefined,
        }),
      ),
    uploads:
      uploads ??
      lazyUploadClient(async () =>
        (await import('./routes/-components/record-upload-client')).uploadClientFor(session),
      ),
    recorder,
    ...(history ? { history } : {}),
  });
  // Sign-in, sign-out and a lost session re-run the guards of the routes on screen.
  session.subscribe(() => void router.invalidate());
  return { router, session, queryClient };
}

/**
 * For createRoot (and the tests' render). An error a boundary caught is on the page already: a
 * route's error component says what happened and offers Retry. So it is logged as a warning, and
 * without React's default `%o` formatting, which walks the error's hidden fields.
 */
export const rootOptions = {
  onCaughtError: (error: unknown) => console.warn('Shown on the page:', error),
} satisfies RootOptions;

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
