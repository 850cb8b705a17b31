import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../services/transient-failures';
import { VideoError, type VideoErrorKind } from '../services/video';
import { kRequestProblem } from './request-problem';

const videoErrorCodes: Record<VideoErrorKind, Code> = {
  not_found: Code.NotFound,
  invalid_argument: Code.InvalidArgument,
  unauthenticated: Code.Unauthenticated,
  failed_precondition: Code.FailedPrecondition,
  permission_denied: Code.PermissionDenied,
};

/**
 * The outermost interceptor of every service: a body the body guard refused is answered with its
 * code before anything else runs; rule errors of the services leave with their Connect codes;
 * the database being away (a restart, a failover) is `unavailable`, which clients may retry;
 * anything else is logged with its cause and leaves as `internal` without details.
 */
export function createErrorInterceptor(log: Logger): Interceptor {
  return (next) => async (request) => {
    const problem = request.contextValues.get(kRequestProblem);
    if (problem) throw new ConnectError(problem.message, problem.code);
    try {
      return await next(request);
    } catch (error) {
      if (error instanceof ConnectError) throw error;
      if (error instanceof VideoError) throw new ConnectError(error.message, videoErrorCodes[error.kind]);
      if (isDatabaseUnavailable(error)) {
        log.warn({ err: error, method: request.method.name }, 'rpc failed: the database is unavailable');
        throw new ConnectError('The database is unavailable right now; please try again shortly', Code.Unavailable);
      }
      log.error({ err: error, method: request.method.name }, 'rpc failed');
      throw new ConnectError('Internal error', Code.Internal);
    }
  };
}
