import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Before answering a request whose body may still be arriving (401, 413, 415, 429, …): reads and
 * drops the rest, so the client sees the answer rather than a reset, closes the connection after
 * it, and gives up on a client that keeps sending for long. After the answer the server itself goes
 * on dropping what arrives until the client hangs up (lingering-close.ts).
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  if (raw.complete) return;
  // HTTP/2 has no Connection header (Node refuses it); its stream ends with the answer anyway.
  if (raw.httpVersionMajor === 1) reply.header('connection', 'close');
  raw.resume();
  const timer = setTimeout(() => raw.destroy(), 10_000);
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
}
