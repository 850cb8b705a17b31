import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';

/** Logs a request answered outside Fastify as Fastify logs its own; call it once the answer is decided. */
export type LogRequestLines = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Fastify's two lines per request ('incoming request', then 'request completed' or 'request
 * errored'), for requests another path answers (the signed range lane): the same logger, so the
 * same serializers and redaction (log-options.ts), the same request id (`genReqId`) under the same
 * label, and the same fields, so a log reads the same whichever path answered. Undefined when the
 * logger would drop them (below info, or no logger at all), so nothing is spent on them.
 */
export function requestLinesOf(
  log: Logger,
  genReqId: (request: IncomingMessage) => string,
): LogRequestLines | undefined {
  // Without a logger, Fastify's stand-in has no isLevelEnabled, and writes no request lines either.
  if (typeof log.isLevelEnabled !== 'function' || !log.isLevelEnabled('info')) return undefined;
  return (request, response) => {
    const started = performance.now();
    const requestLog = log.child({ reqId: genReqId(request) });
    requestLog.info({ req: asFastifyRequest(request) }, 'incoming request');
    const completed = (error?: Error) => {
      response.off('finish', completed);
      response.off('error', completed);
      const responseTime = performance.now() - started;
      if (error) requestLog.error({ res: response, err: error, responseTime }, 'request errored');
      else requestLog.info({ res: response, responseTime }, 'request completed');
    };
    response.on('finish', completed);
    response.on('error', completed);
  };
}

/**
 * What the request serializer reads of a Fastify request, for a request Fastify never saw. Only
 * requests without forwarding headers are answered outside Fastify, so the client's address and
 * host are the connection's and the Host header, whatever `trustProxy` says.
 */
function asFastifyRequest(request: IncomingMessage) {
  return {
    method: request.method,
    url: request.url,
    host: request.headers.host,
    ip: request.socket.remoteAddress,
    socket: request.socket,
  };
}
