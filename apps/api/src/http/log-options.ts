import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that grant access: signed URLs, share links, tokens. */
const SECRET_QUERY = /([?&](?:signature|share|token|access_token|id_token)=)[^&#\s"]*/gi;

/** The token of a share link's watch or embed page, also inside another URL's query (oEmbed's `url`). */
const SHARE_PAGE = /((?:\/|%2F)(?:s|embed)(?:\/|%2F))[A-Za-z0-9_-]+/gi;

/** A URL (or any text holding one) with the values of its secret query parameters and share page tokens replaced. */
const redactSecrets = (text: string) => text.replace(SECRET_QUERY, '$1[redacted]').replace(SHARE_PAGE, '$1[redacted]');

export interface LogSettings {
  level: string;
  /** Where lines go (tests capture them); standard output when absent. */
  stream?: { write(line: string): void };
}

/**
 * Fastify's logger (pino) with secrets kept out of every line: request lines log the URL with
 * its signature, share token or token replaced, headers that carry credentials are redacted
 * wherever they are logged, and message strings are scrubbed the same way.
 */
export function loggerOptions({ level, stream }: LogSettings): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-share-token"]',
        'req.headers.cookie',
        'headers.authorization',
        'headers["x-share-token"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
}
