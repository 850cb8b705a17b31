import pg from 'pg';
import type { ConnectionErrorLog } from './database';

/** A LISTEN on one channel over its own connection, kept open (reconnecting) until `close`. */
export interface ChannelListener {
  /** Whether the LISTEN is in place now: a notification sent now reaches this process. */
  listening(): boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Each notification's payload. */
  onPayload: (payload: string) => void;
  /**
   * The LISTEN is (again) in place after having been lost: notifications sent meanwhile were
   * missed, so whoever waits on them should look again.
   */
  onResumed?: () => void;
}

const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would lose the LISTEN when it
 * returns to the pool). A lost connection (a restart, a failover) is opened again with backoff;
 * `onResumed` then tells the caller it may have missed some.
 */
export async function listenOn(
  connectionString: string,
  channel: string,
  options: ListenOptions,
  onConnectionError: ConnectionErrorLog = () => undefined,
): Promise<ChannelListener> {
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (resumed: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) options.onPayload(message.payload);
    });
    const lost = (error?: Error & { code?: string }) => {
      if (next !== client || !connected) return;
      connected = false;
      if (error) onConnectionError({ message: error.message, code: error.code });
      next.end().catch(() => undefined);
      retry();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await next.end();
      return;
    }
    connected = true;
    failures = 0;
    if (resumed) options.onResumed?.();
  };

  const retry = () => {
    if (closed) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    timer = setTimeout(() => {
      connect(true).catch((error: Error & { code?: string }) => {
        onConnectionError({ message: error.message, code: error.code });
        client?.end().catch(() => undefined);
        retry();
      });
    }, wait);
    timer.unref();
  };

  await connect(false);
  return {
    listening: () => connected,
    async close() {
      closed = true;
      connected = false;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
