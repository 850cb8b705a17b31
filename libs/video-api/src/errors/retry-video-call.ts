import { Code, ConnectError } from '@connectrpc/connect';

/** Codes worth asking again: the same call may succeed a moment later. */
const transient = new Set<Code>([Code.Unavailable, Code.DeadlineExceeded, Code.ResourceExhausted, Code.Aborted]);
export const MAX_RETRIES = 2;

/**
 * `retry` for TanStack Query: up to two more tries for transient failures, none for answers that
 * will not change (not found, no access, bad request), so "Video not found" shows at once.
 */
export function retryVideoCall(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && transient.has(ConnectError.from(error).code);
}
