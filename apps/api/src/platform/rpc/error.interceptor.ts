import { ConnectError, type Interceptor } from '@connectrpc/connect';
import type { Logger } from 'pino';
import { AppError } from '../app-error';
import { failureAnswer, videoErrorCodes } from './failure-answers';
import { kRequestProblem } from './request-problem';

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
      if (error instanceof AppError) throw new ConnectError(error.message, videoErrorCodes[error.kind]);
      const answer = failureAnswer(error);
      log[answer.level](
        { err: error, method: request.method.name },
        answer.note ? `rpc failed: ${answer.note}` : 'rpc failed',
      );
      throw new ConnectError(answer.message, answer.code);
    }
  };
}
