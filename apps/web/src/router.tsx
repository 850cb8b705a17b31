import type { Transport } from '@connectrpc/connect';
import { createSignInActions, type Session, type SignInActions } from '@stream/auth';
import type { RecorderOptions } from '@stream/recorder';
import type { RecordingUploads } from '@stream/recording-uploads';
import type { AppConfig } from '@stream/video-api/app-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

/** What every route's `beforeLoad`, loader and component can reach through the router context. */
export interface RouterContext {
  /** The one query cache: loaders fill it (`ensureQueryData`), components read it (`useQuery`). */
  queryClient: QueryClient;
  session: Session;
  /** What the sign-in widget's screens do (validation, Firebase, messages). */
  signIn: SignInActions;
  /** The one transport to the video service, carrying the session's token (`@stream/video-api`). */
  transport: Transport;
  /** The app's one RecordingUploads, loaded on first use (the first page carries none of it): a recording's
   * upload, its link and the single-upload lock outlive a visit of /record. */
  recordings: () => Promise<RecordingUploads>;
  /** How /record's recorder captures: the browser's own media in production, a fake one in tests. */
  recorder: RecorderOptions;
  /** The organisation's sign-ins on (OpenID Connect, SAML), by name: /login offers them (`only`: alone). */
  organisation?: Pick<AppConfig, 'oidc' | 'saml'> | undefined;
}

export type AppRouterOptions = Omit<RouterContext, 'signIn'> & {
  /** Defaults to the actions of the session's own identity provider. */
  signIn?: SignInActions;
  /** Defaults to the browser's; tests pass a memory history. */
  history?: RouterHistory;
};

export function createAppRouter({ signIn, history, ...context }: AppRouterOptions) {
  return createRouter({
    routeTree,
    context: { ...context, signIn: signIn ?? createSignInActions(context.session.client, context.session) },
    ...(history ? { history } : {}),
    // The router mounts the query cache, so every route and component shares the loaders' data.
    Wrap: ({ children }) => <QueryClientProvider client={context.queryClient}>{children}</QueryClientProvider>,
    defaultPreload: 'intent',
    // Loaders always run on preload and navigation; TanStack Query decides what is fresh.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
