import { ConnectError, type Code } from '@connectrpc/connect';
import { codeToHttpStatus, errorToJsonBytes } from '@connectrpc/connect/protocol-connect';
import { setTrailerStatus } from '@connectrpc/connect/protocol-grpc';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers an RPC with an error before Connect sees it (e.g. a rate limit in an onRequest hook), in
 * the caller's protocol: gRPC and gRPC-web as a trailers-only 200 with `grpc-status`, Connect as
 * its JSON error with the code's HTTP status.
 */
export function sendRpcError(request: FastifyRequest, reply: FastifyReply, code: Code, message: string) {
  const error = new ConnectError(message, code);
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.startsWith('application/grpc')) {
    const header = setTrailerStatus(new Headers(), error);
    for (const [name, value] of header) reply.header(name, value);
    return reply.code(200).type(contentType).send();
  }
  return reply
    .code(codeToHttpStatus(code))
    .type('application/json')
    .send(Buffer.from(errorToJsonBytes(error, {})));
}

/** Whether a URL is an RPC's, `/<package>.<Service>/<Method>`, rather than an HTTP route's (under /api/). */
export const isRpcPath = (url: string) => /^\/\w+(?:\.\w+)+\/\w+(?:[?#]|$)/.test(url);
