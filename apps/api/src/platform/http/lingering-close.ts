import type { IncomingMessage, Server } from 'node:http';
import { Socket } from 'node:net';

/** How long a connection closed mid-body goes on taking its client's bytes (nginx's lingering_time is 30 s). */
export const LINGER_MS = 5_000;

type ClosingSocket = Socket & { destroySoon(): void };
const latestRequest = new WeakMap<Socket, IncomingMessage>();
const closeAtOnce = (Socket.prototype as ClosingSocket).destroySoon;

/**
 * Node's HTTP server closes a `Connection: close` connection as soon as its answer is written
 * (`socket.destroySoon`). When the client is still sending a body nobody read (a 413 before the
 * body ends, a 401 before an upload), the kernel answers those unread bytes with a reset, and the
 * reset can reach the client before it has read the answer: it sees EPIPE or ECONNRESET, not the
 * 413. As nginx does (lingering_close), such a connection is half-closed after the answer and what
 * its client still sends is read and dropped until the client closes its side, LINGER_MS at most.
 * A connection whose last request arrived whole closes at once, as before.
 */
export function lingerWhileBodiesArrive(server: Server, lingerMs = LINGER_MS): void {
  function destroySoonOrLinger(this: ClosingSocket) {
    if (latestRequest.get(this)?.complete !== false) return closeAtOnce.call(this);
    if (this.writable) this.end();
    if (this.writableFinished) linger(this, lingerMs);
    else this.once('finish', () => linger(this, lingerMs));
  }
  server.on('request', (request: IncomingMessage) => {
    const socket = request.socket as ClosingSocket;
    latestRequest.set(socket, request);
    socket.destroySoon = destroySoonOrLinger;
  });
}

function linger(socket: Socket, lingerMs: number) {
  if (socket.destroyed) return;
  if (socket.readableEnded) return void socket.destroy();
  const close = () => socket.destroy();
  const timer = setTimeout(close, lingerMs);
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', close);
  // The HTTP parser's own listener goes: nothing more is parsed, so no request is answered on a
  // connection whose sending side has ended. Listening for 'data' also takes the socket's reads
  // back from the parser, which Node lets read the handle directly.
  socket.removeAllListeners('data');
  socket.on('data', () => {});
  socket.resume();
}
