// The `@stream/video-api/query-client` entry: the web app builds its QueryClient before anything
// else, so this module imports TanStack Query and the retry rule alone, not the rest of the lib.
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { retryVideoCall } from '../errors/retry-video-call';

/**
 * A loader's answer is still fresh when its component mounts a moment later, so a navigation asks
 * once, not twice (useSuspenseQuery applies the same 1 s floor).
 */
export const DEFAULT_STALE_TIME_MS = 1000;

/**
 * The app's QueryClient, with the rules every query of this lib relies on set once here rather
 * than on each query's options: `retry` is `retryVideoCall` (transient failures twice more,
 * not_found or permission_denied never), and answers stay fresh for a second. `config` adds to or
 * overrides the defaults (a test's `retryDelay: 0`).
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { defaultOptions = {} } = config;
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...defaultOptions,
      queries: { retry: retryVideoCall, staleTime: DEFAULT_STALE_TIME_MS, ...defaultOptions.queries },
    },
  });
}
