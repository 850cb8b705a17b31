import type { FastifyError, FastifyInstance } from 'fastify';
import { failureAnswer } from '../rpc/failure-answers';
import { isClientGone } from './client-gone';

/**
 * Errors of the HTTP routes: a client's mistake (4xx, e.g. a body Fastify cannot parse) keeps its
 * message; the database being away is 503 with Retry-After; a client that hung up is noted at
 * debug; anything else is logged with its cause and answered 500 without details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    if (isClientGone(error, request.raw.socket)) {
      request.log.debug({ err: error }, 'the client left before its answer');
      return reply.code(499).send({ message: 'The client closed the connection' });
    }
    const answer = failureAnswer(error);
    request.log[answer.level]({ err: error }, answer.note ? `request failed: ${answer.note}` : 'request failed');
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
    return reply.code(answer.status).send({ message: answer.message });
  });
}
