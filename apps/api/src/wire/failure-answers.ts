import { Code } from '@connectrpc/connect';
import { isDatabaseUnavailable } from '../services/transient-failures';
import type { VideoErrorKind } from '../services/video';

/** The Connect code each rule error of the services leaves an RPC with. */
export const videoErrorCodes: Record<VideoErrorKind, Code> = {
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

const INTERNAL: FailureAnswer = { code: Code.Internal, status: 500, message: 'Internal error', level: 'error' };

/**
 * An unexpected failure, for the RPC error interceptor and the HTTP error handler alike: the
 * database being away (a restart, a failover) is a retryable 503 / `unavailable`; anything else
 * is 500 / `internal` without details (the cause goes to the log only).
 */
export function failureAnswer(error: unknown): FailureAnswer {
  return isDatabaseUnavailable(error) ? DATABASE_UNAVAILABLE : INTERNAL;
}
