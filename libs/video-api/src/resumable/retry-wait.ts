/** Exponential backoff bounds: the first retry waits `minMs`, each next one twice as long, at most `maxMs`. */
export interface Backoff {
  minMs: number;
  maxMs: number;
}

/** The browser's idea of the connection: `navigator.onLine` and its `online` event. */
export interface OnlineSignal {
  isOnline(): boolean;
  /** Calls `listener` when the connection comes back; returns the unsubscribe function. */
  onOnline(listener: () => void): () => void;
}

export function backoffDelay(attempt: number, backoff: Backoff): number {
  return Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(attempt, 30));
}

/**
 * Waits before the next attempt: the backoff delay, cut short when the connection comes back (the
 * `online` event). Offline, the delay is the probe interval: waiting on the event alone would hang
 * where the browser misreports the connection.
 */
export function waitToRetry(
  attempt: number,
  backoff: Backoff,
  online: OnlineSignal,
  signal?: AbortSignal,
): Promise<void> {
  const delay = online.isOnline() ? backoffDelay(attempt, backoff) : backoff.maxMs;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, delay);
    const unsubscribe = online.onOnline(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
