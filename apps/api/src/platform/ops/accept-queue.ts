import type { Server } from 'node:http';
import { Socket } from 'node:net';

/**
 * Takes every connection waiting in a listening server's accept queue into the server, as if Node
 * had accepted it; returns how many. Called right before the listener closes: the kernel completes
 * a client's handshake on its own, and closing the listener resets whatever is still queued, with the
 * request a proxy already wrote into it (nginx does not send a POST again: a 502). Node accepts only
 * once per turn of its event loop, and a busy API's turn lasts milliseconds, during which nginx may
 * open several connections (the cluster test's SIGTERM case caught four at once). Drained in the
 * same synchronous step as the close, they are answered like any open connection; what is left is
 * a handshake completing in the microseconds between the last accept and the close.
 */
export type DrainAcceptQueue = (server: Server) => number;

/** Node's own fields this relies on, as net.Server's own accept sets them (lib/net.js onconnection). */
interface NodeServerInternals {
  _handle?: { fd?: number } | null;
  _connections?: number;
  noDelay?: boolean;
}

const SOCK_NONBLOCK = 0o4000;
const SOCK_CLOEXEC = 0o2000000;

/** Linux's accept4 through koffi (as platform/storage/socket-sendfile.ts calls sendfile); undefined elsewhere. */
export async function loadAcceptQueueDrain(): Promise<DrainAcceptQueue | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const { default: koffi } = await import('koffi');
    const accept4 = koffi.load('libc.so.6').func('int accept4(int sockfd, void *addr, void *addrlen, int flags)');
    return (server) => {
      const internals = server as unknown as NodeServerInternals;
      const fd = internals._handle?.fd;
      // libuv's listening sockets are non-blocking: accept4 answers -1 (EAGAIN) once the queue is empty.
      if (typeof fd !== 'number' || fd < 0 || typeof internals._connections !== 'number') return 0;
      let drained = 0;
      for (;;) {
        const client = accept4(fd, null, null, SOCK_NONBLOCK | SOCK_CLOEXEC) as number;
        if (client < 0) return drained;
        const socket = new Socket({ fd: client, readable: true, writable: true });
        // What net.Server does for a connection it accepts: counted (close() waits for it to end), owned.
        internals._connections++;
        Object.assign(socket, { server, _server: server });
        socket.setNoDelay(true); // as Node's HTTP server sets it (noDelay by default)
        server.emit('connection', socket);
        drained++;
      }
    };
  } catch {
    return undefined;
  }
}
