import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an X-Request-Id from a proxy may look like to be taken over: short, and safe in a log line. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Fastify's `genReqId`: the id every log line of a request carries (`reqId`), and the job it
 * queues too. A proxy's `X-Request-Id` (nginx: `$request_id`) is kept so one id runs from the
 * balancer's log to the worker's; anything else gets a random UUID, unique across processes.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
