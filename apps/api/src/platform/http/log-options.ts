import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that grant access (signed URLs, share links, tokens), by their decoded names. */
const SECRET_NAMES = new Set(['signature', 'share', 'token', 'access_token', 'id_token']);

/**
 * A query parameter's name and value. The name may be percent-encoded (`sh%61re` is `share` to
 * Fastify's query parser), so it is decoded before it is compared.
 */
const QUERY_PARAMETER = /([?&])((?:[^=&#\s"%]|%[0-9A-Fa-f]{2})+)=([^&#\s"]*)/g;

/** Path separators, also percent-encoded inside another URL's query (oEmbed's `url`). */
const PATH_SEPARATOR = /(\/|%2F)/i;
/** The pages whose next path segment is a share token: the watch and embed pages of a link. */
const SHARE_PAGES = new Set(['s', 'embed']);
const TOKEN = /^(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

/** A URL (or any text holding one) with the values of its secret query parameters and share page tokens replaced. */
export const redactSecrets = (text: string) =>
  text
    .replace(QUERY_PARAMETER, (whole, start: string, name: string) =>
      SECRET_NAMES.has(decoded(name)) ? `${start}${name}=[redacted]` : whole,
    )
    .split(PATH_SEPARATOR)
    .map((part, index, parts) =>
      // Segments at even indexes, separators between them; `/%73/` is `/s/` to the router too.
      index % 2 === 0 && index >= 2 && SHARE_PAGES.has(decoded(parts[index - 2]!))
        ? part.replace(TOKEN, '[redacted]')
        : part,
    )
    .join('');

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
