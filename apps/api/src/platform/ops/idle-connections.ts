import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a keep-alive connection must have been idle before a stopping API closes it: longer than
 * nginx's upstream keepalive_timeout (docs/deploy/nginx-http.conf: 2 s), so nginx always closes its
 * own idle connections first and never writes a request into one the API is closing.
 */
export const STOPPING_IDLE_CLOSE_MS = 4000;
const CHECK_EVERY_MS = 250;

/**
 * Stopping (server.close()), Node destroys every idle keep-alive connection at once. A proxy may have
 * just written a request into one, unread yet: it gets a reset, and nginx does not send a POST it
 * already sent to another API, so the client gets a 502 during a rolling restart. This replaces
 * that step for connections from a proxy (`fromProxy`, TRUST_PROXY's addresses): such a connection
 * is closed once it has been idle for `idleMs` (by then nginx, whose upstream keepalive_timeout is
 * shorter, has closed it itself, or sent a request that is answered with `Connection: close`). Other
 * idle connections close at once, as before; one in use is left to finish. Only HTTP/1.1 connections
 * that carried a request are tracked; the grace period's cut (closeAllConnections) ends the rest.
 */
export function closeIdleConnectionsGently(
  server: Server,
  fromProxy: (address: string | undefined) => boolean,
  idleMs = STOPPING_IDLE_CLOSE_MS,
): void {
  /** Per connection: requests in flight, and since when it has had none. */
  const connections = new Map<Socket, { inFlight: number; idleSince: number; proxy: boolean }>();
  server.on('request', (request, response) => {
    const socket = request.socket;
    let state = connections.get(socket);
    if (!state) {
      state = { inFlight: 0, idleSince: Date.now(), proxy: fromProxy(socket.remoteAddress) };
      connections.set(socket, state);
      socket.once('close', () => connections.delete(socket));
    }
    state.inFlight++;
    const tracked = state;
    response.once('close', () => {
      tracked.inFlight--;
      tracked.idleSince = Date.now();
    });
  });
  let checking: NodeJS.Timeout | undefined;
  server.closeIdleConnections = () => {
    if (checking) return;
    const closeIdle = () => {
      const now = Date.now();
      for (const [socket, state] of connections)
        if (state.inFlight === 0 && (!state.proxy || now - state.idleSince >= idleMs)) socket.destroy();
    };
    closeIdle();
    checking = setInterval(closeIdle, CHECK_EVERY_MS).unref();
    server.once('close', () => clearInterval(checking));
  };
}
