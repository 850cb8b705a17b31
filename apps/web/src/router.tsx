import type { Transport } from '@connectrpc/connect';
import { createSignInActions, type Session, type SignInActions } from '@stream/auth';
import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

/** What every route's `beforeLoad`, loader and component can reach through the router context. */
export interface RouterContext {
  queryClient: QueryClient;
  session: Session;
  /** What the sign-in widget's screens do (validation, Firebase, messages). */
  signIn: SignInActions;
  /** The one transport to the video service, carrying the session's token (`@stream/video-api`). */
  transport: Transport;
}

/** `signIn` defaults to the actions of the session's own identity provider. */
export function createAppRouter({ signIn, ...context }: Omit<RouterContext, 'signIn'> & { signIn?: SignInActions }) {
  return createRouter({
    routeTree,
    context: { ...context, signIn: signIn ?? createSignInActions(context.session.client, context.session) },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
