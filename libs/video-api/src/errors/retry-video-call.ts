import type { Code } from '@connectrpc/connect';

/**
 * Codes worth asking again: the same call may succeed a moment later. Connect's numbers
 * (unavailable 14, deadline_exceeded 4, resource_exhausted 8, aborted 10; pinned against its `Code`
 * in the test), written as numbers so the first page does not carry Connect's code table.
 */
export const TRANSIENT_CODES: ReadonlySet<number> = new Set([14, 4, 8, 10]);
export const MAX_RETRIES = 2;

/**
 * The Connect code of a failed call, read from the error's own fields (as ConnectError's own
 * `instanceof` does across copies of the library) rather than through `ConnectError.from`: this
 * rule is in every QueryClient's defaults, so in the first page's chunk, and `ConnectError` pulls
 * the protobuf runtime in with it. Anything else (a bug, an abort) has no code worth retrying.
 */
function codeOf(error: unknown): Code | undefined {
  if (!(error instanceof Error) || error.name !== 'ConnectError') return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'number' ? code : undefined;
}

/**
 * `retry` for TanStack Query: up to two more tries for transient failures, none for answers that
 * will not change (not found, no access, bad request), so "Video not found" shows at once.
 * `createQueryClient` puts it in the defaults, so every query of the app follows it.
 */
export function retryVideoCall(failureCount: number, error: unknown): boolean {
  const code = codeOf(error);
  return failureCount < MAX_RETRIES && code !== undefined && TRANSIENT_CODES.has(code);
}
