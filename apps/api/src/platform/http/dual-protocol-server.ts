import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttp2Server, type Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import { lingerWhileBodiesArrive } from './lingering-close';
import { PresetHeadResponse } from './preset-head';

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n');
/** Fastify's own default: above nginx's upstream keepalive_timeout (60 s) and a load balancer's usual 60 s. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * One cleartext port for both HTTP/1.1 (browsers: gRPC-web, Connect, upload, streaming) and
 * HTTP/2 without TLS ("h2c" with prior knowledge: native gRPC clients). Each connection's first
 * bytes decide: the HTTP/2 preface goes to an HTTP/2 server, anything else to the HTTP/1.1 one.
 * Both hand their requests to the same Fastify handler. `closeSessions` ends open HTTP/2
 * sessions, so closing the server does not wait on idle gRPC connections.
 */
export function dualProtocolServer(): {
  serverFactory: FastifyServerFactory;
  closeSessions(): void;
  /** Lets `look` see each HTTP/1.1 request before Fastify: it answers it, or hands it on with `next()`. */
  setFirstLook(look: FirstLook): void;
} {
  const sessions = new Set<Http2Session>();
  let firstLook: FirstLook | undefined;
  const serverFactory: FastifyServerFactory = (handler) => {
    // Its responses can carry preset header lines (preset-head.ts: the signed range lane's).
    const http1: Server = createServer({ ServerResponse: PresetHeadResponse }, (request, response) => {
      if (firstLook) firstLook(request, response, () => handler(request, response));
      else handler(request, response);
    });
    // Fastify sets its keepAliveTimeout (72 s) only on servers it makes itself, not on a factory's:
    // this one kept Node's 5 s, so nginx (whose idle upstream connections live 60 s) and other
    // keep-alive clients sent requests on connections the API was closing just then, and got a
    // reset before any handler ran ("other side closed" under load; nginx retries a GET, not
    // a POST). Longer than any client's or proxy's idle timeout, the client closes first.
    http1.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    lingerWhileBodiesArrive(http1);
    const http2 = createHttp2Server(handler as never);
    http2.on('session', (session) => {
      sessions.add(session);
      session.once('close', () => sessions.delete(session));
    });
    const serveHttp1 = http1.listeners('connection') as ((socket: Socket) => void)[];
    http1.removeAllListeners('connection');
    http1.on('connection', (socket: Socket) => {
      // A connection that never says anything is dropped (the servers' own timeouts start later).
      const silent = setTimeout(() => socket.destroy(), 30_000);
      socket.once('close', () => clearTimeout(silent));
      socket.once('readable', () => {
        clearTimeout(silent);
        const head: Buffer | null = socket.read(HTTP2_PREFACE.length) ?? socket.read();
        if (head) socket.unshift(head);
        if (
          head &&
          head.length >= HTTP2_PREFACE.length &&
          head.subarray(0, HTTP2_PREFACE.length).equals(HTTP2_PREFACE)
        ) {
          http2.emit('connection', socket);
        } else {
          for (const listener of serveHttp1) listener.call(http1, socket);
        }
      });
    });
    return http1;
  };
  return {
    serverFactory,
    closeSessions: () => {
      for (const session of sessions) session.close();
    },
    setFirstLook: (look) => {
      firstLook = look;
    },
  };
}

/** A look at an HTTP/1.1 request before Fastify's: answers it, or calls `next` (at once or later) to hand it on. */
export type FirstLook = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
