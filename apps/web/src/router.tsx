import type { Transport } from '@connectrpc/connect';
import type { Session } from '@stream/auth';
import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

/** What every route's `beforeLoad`, loader and component can reach through the router context. */
export interface RouterContext {
  queryClient: QueryClient;
  session: Session;
  /** The one transport to the video service, carrying the session's token (`@stream/video-api`). */
  transport: Transport;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
