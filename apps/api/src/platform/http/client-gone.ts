/**
 * What a write to a client that hung up fails with: the kernel's EPIPE or ECONNRESET (sendfile
 * and socket writes), Node's premature close or destroyed stream. A viewer closing the tab or
 * seeking mid-range does this dozens of times a session; logged as errors they drowned the real
 * ones (19 error lines in a short walk through the app), so they are logged at debug.
 */
const CLIENT_GONE_CODES = new Set([
  'EPIPE',
  'ECONNRESET',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
]);

/** The calls that write to the client: a reset met while reading (S3, a webhook) is no hang-up. */
const WRITES = new Set(['write', 'writev', 'send', 'sendfile']);

/**
 * Whether `error` (or what it wraps) says the client went away, not that we failed: one of those
 * codes, met writing to the client or with the client's socket (`socket`) closed.
 */
export function isClientGone(error: unknown, socket?: { destroyed: boolean } | null): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, syscall } = current as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string' && CLIENT_GONE_CODES.has(code))
      return socket?.destroyed === true || (typeof syscall === 'string' && WRITES.has(syscall));
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
