import type { Transport } from '@connectrpc/connect';
import { createSession, createSignInActions, type AuthClient } from '@stream/auth';
import type { RecorderOptions } from '@stream/recorder';
import type { RecordingUploads } from '@stream/recording-uploads';
import { createQueryClient } from '@stream/video-api/query-client';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { RootOptions } from 'react-dom/client';
import { lazyTransport } from './lazy-transport';
import { createAppRouter, type RouterContext } from './router';

export interface AppOptions {
  authClient: AuthClient;
  /** Defaults to the video service at this page's origin, with the session's token. Tests pass a fake. */
  transport?: Transport;
  /** Defaults to recordings uploaded to this page's origin with the session's token. Tests pass their own. */
  recordings?: RecordingUploads;
  /** Defaults to the browser's media. Tests pass `@stream/recorder/testing`'s fake browser. */
  recorder?: RecorderOptions;
  /** Where the session keeps `authToken`; defaults to localStorage. */
  storage?: Storage;
  history?: RouterHistory;
  /** The organisation's sign-ins GET /api/config says are on (OpenID Connect, SAML; `only`: no Firebase). */
  organisation?: RouterContext['organisation'];
}

/**
 * The app's parts, wired once: session, sign-in actions, query cache, transport, recordings and router. main.tsx
 * and the tests both build the app here, so tests render the tree production renders.
 */
export function createApp(options: AppOptions) {
  const { authClient, transport, recordings, recorder = {}, storage, history, organisation } = options;
  const session = createSession(authClient, storage);
  const signIn = createSignInActions(authClient, session, storage);
  // The lib's rules for every query (which failures are retried, a 1 s freshness floor) are its defaults.
  const queryClient = createQueryClient();
  const getToken = async () => (await session.getToken()) ?? undefined;
  const videoTransport =
    transport ??
    lazyTransport(async () =>
      (await import('./video-service-client')).createVideoTransport({ baseUrl: window.location.origin, getToken }),
    );
  let loading: Promise<RecordingUploads> | undefined;
  const router = createAppRouter({
    queryClient,
    session,
    signIn,
    transport: videoTransport,
    recordings: () =>
      (loading ??= recordings
        ? Promise.resolve(recordings)
        : // A module of the app's own, not the lib's entry: importing a package's entry here made
          // rolldown split react-query and the preload helper out of the first page's chunk (+2 kB gzip).
          import('./recordings-for').then(
            (lib) => lib.recordingsFor(getToken, videoTransport),
            (error: unknown) => {
              loading = undefined; // a chunk that failed to load is asked for again next time
              throw error;
            },
          )),
    recorder,
    organisation,
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
