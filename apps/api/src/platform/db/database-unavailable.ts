/**
 * SQLSTATE classes of a database that is away rather than of a bad statement: 08 connection
 * exception, 57P admin shutdown, crash shutdown, cannot connect now (a restart or a failover),
 * 53300 too many connections.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-4]|53300)$/;

/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when a connection ends under a query, or none could be had in time. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Connection terminated unexpectedly)/;

/**
 * Whether `error` means the database cannot be reached now (stopped, restarting, failing over, a
 * proxy that dropped the connection) and the same request may work in a moment: the API answers
 * 503 for it, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // AggregateError (a refused connection to each address of localhost) and wrapped causes.
    const inner = (current as AggregateError).errors?.[0] ?? (current as Error).cause;
    current = inner;
  }
  return false;
}
