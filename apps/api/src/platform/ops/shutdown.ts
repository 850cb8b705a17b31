import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { DrainAcceptQueue } from './accept-queue';

export interface ShutdownOptions {
  /** Stops accepting, lets in-flight work finish, releases everything (Fastify's `app.close()`). */
  close(): Promise<void>;
  /** Cuts what is still in flight once the grace period is over (open connections). */
  cut(): void;
  graceSeconds: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  exit?: (code: number) => void;
}

/** After the grace period and the cut, how long closing may still take before the process just ends. */
const AFTER_CUT_MS = 5000;

/**
 * SIGTERM and SIGINT: stop gracefully. In-flight range responses, uploads and the running job get
 * `graceSeconds`; then open connections are cut, and the process ends 5 s later whatever is still
 * pending. A second signal cuts at once.
 */
export function stopOnSignals(options: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | undefined;
  let cutTimer: NodeJS.Timeout | undefined;
  const stop = (signal: string): Promise<void> => {
    if (stopping) {
      options.log.warn({ signal }, 'second signal: cutting in-flight requests now');
      clearTimeout(cutTimer);
      options.cut();
      return stopping;
    }
    options.log.info({ signal, graceSeconds: options.graceSeconds }, 'stopping: finishing in-flight requests and jobs');
    cutTimer = setTimeout(() => {
      options.log.warn({ graceSeconds: options.graceSeconds }, 'grace period over: cutting in-flight requests');
      options.cut();
      setTimeout(() => {
        options.log.error({}, 'still not closed after the grace period: exiting');
        exit(1);
      }, AFTER_CUT_MS).unref();
    }, options.graceSeconds * 1000).unref();
    stopping = options.close().then(
      () => {
        clearTimeout(cutTimer);
        options.log.info({}, 'stopped');
        exit(0);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'error while stopping');
        exit(1);
      },
    );
    return stopping;
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return stop;
}

/**
 * Stops accepting before Fastify starts closing. Fastify's `close()` runs the preClose hooks first and,
 * from their first moment, answers every request with `Connection: close`, while its listener stays
 * open until they end. A proxy then opens a new connection for each next request; the kernel completes
 * those handshakes itself, and any still waiting to be accepted when the listener finally closes is
 * reset with the request nginx already wrote into it: a 502 for a POST, which nginx does not send
 * again (test/system/cluster.test.ts). With the listener closed first, nginx's next connect is refused and it
 * sends that request to another API; requests on open connections are still answered. Fastify's own
 * `server.close()` afterwards finds the server not running, which it expects, and still waits for the
 * open connections to end. `drainAcceptQueue` (platform/ops/accept-queue.ts) first takes in the connections
 * the kernel completed but Node has not accepted yet, which closing would reset.
 */
export function closeListenerFirst(
  app: { server: Server; close(): Promise<void> },
  drainAcceptQueue?: DrainAcceptQueue,
): Promise<void> {
  // In one synchronous step: what the kernel already accepted is taken in, then nothing more is.
  drainAcceptQueue?.(app.server);
  app.server.close();
  return app.close();
}
