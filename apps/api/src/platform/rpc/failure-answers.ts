import { Code } from '@connectrpc/connect';
import { isDatabaseUnavailable, isDiskFull } from '../rate-limits/transient-failures';
import type { AppErrorKind } from '../app-error';

/** The Connect code each rule error of the services leaves an RPC with. */
export const videoErrorCodes: Record<AppErrorKind, Code> = {
  not_found: Code.NotFound,
  invalid_argument: Code.InvalidArgument,
  unauthenticated: Code.Unauthenticated,
  failed_precondition: Code.FailedPrecondition,
  permission_denied: Code.PermissionDenied,
  unavailable: Code.Unavailable,
  resource_exhausted: Code.ResourceExhausted,
};

/** What a failure nobody handled becomes in either adapter: an RPC's code or an HTTP answer. */
export interface FailureAnswer {
  code: Code;
  status: number;
  message: string;
  /** A failure of the moment is a warning (clients retry); anything else an error. */
  level: 'warn' | 'error';
  /** Logged after the adapter's own words ("rpc failed", "request failed"). */
  note?: string;
  retryAfterSeconds?: number;
}

const DATABASE_UNAVAILABLE: FailureAnswer = {
  code: Code.Unavailable,
  status: 503,
  message: 'The database is unavailable right now; please try again shortly',
  level: 'warn',
  note: 'the database is unavailable',
  retryAfterSeconds: 5,
};

/** A write (a comment, a title) that found no room: what the uploads' 507 says, not `internal`. */
const DISK_FULL: FailureAnswer = {
  code: Code.ResourceExhausted,
  status: 507,
  message: "The server's disk is full: nothing was saved. Try again once an operator has made room",
  level: 'error',
  note: 'the disk is full',
};

const INTERNAL: FailureAnswer = { code: Code.Internal, status: 500, message: 'Internal error', level: 'error' };

/**
 * An unexpected failure, for the RPC error interceptor and the HTTP error handler alike: the
 * database being away (a restart, a failover) is a retryable 503 / `unavailable`; a write that
 * found the disk full (PGlite's ENOSPC, PostgreSQL's disk_full) is 507 / `resource_exhausted`;
 * anything else is 500 / `internal` without details (the cause goes to the log only).
 */
export function failureAnswer(error: unknown): FailureAnswer {
  if (isDatabaseUnavailable(error)) return DATABASE_UNAVAILABLE;
  return isDiskFull(error) ? DISK_FULL : INTERNAL;
}
