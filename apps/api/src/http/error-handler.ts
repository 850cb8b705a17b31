import type { FastifyError, FastifyInstance } from 'fastify';
import { failureAnswer } from '../wire/failure-answers';

/**
 * Errors of the HTTP routes: a client's mistake (4xx, e.g. a body Fastify cannot parse) keeps its
 * message; the database being away is 503 with Retry-After; anything else is logged with its
 * cause and answered 500 without details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    const answer = failureAnswer(error);
    request.log[answer.level]({ err: error }, answer.note ? `request failed: ${answer.note}` : 'request failed');
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
    return reply.code(answer.status).send({ message: answer.message });
  });
}
