import { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { constants } from 'node:os';
import type { Writable } from 'node:stream';
import type { ByteRange } from './blob-store';

/**
 * Linux's sendfile(2), called through koffi (a kept FFI library with prebuilt binaries; Node has no
 * sendfile of its own): the kernel hands the file's cached pages to the socket, where reading into
 * a buffer and writing it costs two copies through user space. Measured in bench:api:
 * a Node server reading and writing 1 MiB ranges spends about 2× nginx's CPU per GiB, one that
 * sends them with this about 1.4×.
 */
export interface KernelSendfile {
  /** Bytes sent (0: the file ended), or the errno: EAGAIN when the socket's buffer is full. */
  send(socketFd: number, fileFd: number, position: number, count: number): { sent: number } | { errno: number };
  /**
   * send(2) of `bytes` with MSG_MORE: the kernel holds them for what the socket is sent next, so
   * they leave in the same packets (bytes taken, or the errno: EAGAIN when the buffer is full).
   */
  sendMore(socketFd: number, bytes: Buffer): { sent: number } | { errno: number };
  readonly EAGAIN: number;
}

/** Linux's MSG_MORE (include/linux/socket.h). */
const MSG_MORE = 0x8000;

let loading: Promise<KernelSendfile | undefined> | undefined;
/** Why the binding did not load, once it failed to. */
let unavailable: string | undefined;

/** The binding, once per process; undefined where there is none (not Linux, no koffi build here). */
export function loadKernelSendfile(): Promise<KernelSendfile | undefined> {
  loading ??= bind().catch((error: unknown) => {
    unavailable = `koffi did not load: ${error instanceof Error ? error.message : String(error)}`;
    return undefined;
  });
  return loading;
}

/** Why there is no binding in this process (undefined: there is one). */
export async function whyNoKernelSendfile(): Promise<string | undefined> {
  return (await loadKernelSendfile()) ? undefined : (unavailable ?? 'no binding');
}

async function bind(): Promise<KernelSendfile | undefined> {
  if (process.platform !== 'linux') {
    unavailable = `sendfile is called on Linux only (this is ${process.platform})`;
    return undefined;
  }
  const { default: koffi } = await import('koffi');
  const libc = koffi.load('libc.so.6');
  const sendfile = libc.func('intptr_t sendfile(int out_fd, int in_fd, int64_t *offset, size_t count)');
  const send = libc.func('intptr_t send(int fd, const void *buf, size_t len, int flags)');
  const { EAGAIN } = koffi.os.errno;
  if (EAGAIN === undefined) {
    unavailable = 'koffi knows no EAGAIN here';
    return undefined;
  }
  const offset = new BigInt64Array(1); // one call at a time: JavaScript runs one at a time
  return {
    EAGAIN,
    send(socketFd, fileFd, position, count) {
      offset[0] = BigInt(position);
      const sent = Number(sendfile(socketFd, fileFd, offset, count));
      return sent >= 0 ? { sent } : { errno: koffi.errno() };
    },
    sendMore(socketFd, bytes) {
      const sent = Number(send(socketFd, bytes, bytes.length, MSG_MORE));
      return sent >= 0 ? { sent } : { errno: koffi.errno() };
    },
  };
}

/** Node's own fields this relies on; any of them missing (another Node, TLS, HTTP/2) means no. */
interface NodeSocketInternals {
  _handle?: { fd?: number; writeQueueSize?: number } | null;
  _httpMessage?: unknown;
  encrypted?: boolean;
}

/**
 * The socket `destination` may be written to directly, or undefined: only an HTTP/1.1 response
 * whose headers say `length` and are not sent yet (so no chunked framing to keep), that is the
 * one its connection is sending now (a pipelined response waits in Node's queue, and bytes of its
 * own would overtake the one before), on a plain TCP socket Node has not closed.
 */
export function directSocketOf(destination: Writable, length: number): DirectSocket | undefined {
  if (!(destination instanceof ServerResponse) || destination.headersSent) return undefined;
  if (Number(destination.getHeader('content-length')) !== length) return undefined;
  const socket = destination.socket;
  const internals = socket as (Socket & NodeSocketInternals) | null;
  if (!socket || !internals || internals.encrypted || socket.destroyed) return undefined;
  if (internals._httpMessage !== destination) return undefined;
  const fd = internals._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? { response: destination, socket, fd } : undefined;
}

/** An HTTP/1.1 response and the socket under it, whose file descriptor may take its body. */
export interface DirectSocket {
  response: ServerResponse;
  socket: Socket;
  fd: number;
}

/** What sendFileRange needs besides the kernel: a small write the usual way, to wait on a full socket. */
export interface SendFileRangeOptions {
  kernel: KernelSendfile;
  /** Reads up to `length` bytes at `position` into a buffer lent out until `done` (after the write). */
  readPiece(position: number, length: number): Promise<{ bytes: Buffer; done(): void }>;
}

/** At most this much in one call, so one fast client cannot hold the event loop for long. */
const MAX_CALL_BYTES = 8 * 1024 * 1024;
/** What goes the usual way when the socket is full: small, since its only job is to wait. */
const PIECE_BYTES = 64 * 1024;

/**
 * Sends `range` of the open file `fileFd` as `response`'s body, straight from the kernel; the
 * caller ends the response. Its headers go out first (sendHead). When the
 * socket's buffer is full, one small piece goes through Node's own write, whose completion is the
 * moment the socket drains; a slow reader therefore costs what it did, and a fast one nothing.
 * Rejects (the caller destroys the response) if the client goes away or the file ends early.
 */
export async function sendFileRange(
  direct: DirectSocket,
  fileFd: number,
  range: ByteRange,
  { kernel, readPiece }: SendFileRangeOptions,
): Promise<void> {
  const { socket } = direct;
  await sendHead(direct, kernel, range.end >= range.start);
  let position = range.start;
  while (position <= range.end) {
    // Checked right before each call, with no await between: a socket Node closed gives its fd
    // number back, and another file or connection may have it by the next turn of the loop.
    if (socket.destroyed) throw closed();
    const left = range.end - position + 1;
    const result = kernel.send(direct.fd, fileFd, position, Math.min(left, MAX_CALL_BYTES));
    if ('sent' in result) {
      if (result.sent === 0) throw new Error(`File ended ${left} bytes early`);
      position += result.sent;
      continue;
    }
    if (result.errno !== kernel.EAGAIN) throw errnoError('sendfile', result.errno);
    const piece = await readPiece(position, Math.min(left, PIECE_BYTES));
    if (piece.bytes.length === 0) {
      piece.done();
      throw new Error(`File ended ${left} bytes early`);
    }
    position += piece.bytes.length;
    await new Promise<void>((resolve, reject) =>
      socket.write(piece.bytes, (error) => {
        if (error) return reject(error); // the socket may still hold the bytes: never reused
        piece.done();
        resolve();
      }),
    );
  }
}

/**
 * A failed call as Node reports one (`code` EPIPE, `syscall` sendfile…), so a client that hung up
 * (EPIPE, ECONNRESET) is told from a real failure by whoever logs it (platform/http/client-gone.ts).
 */
function errnoError(syscall: string, errno: number): NodeJS.ErrnoException {
  const code = Object.entries(constants.errno).find(([, number]) => number === errno)?.[0];
  return Object.assign(new Error(`${syscall} failed (${code ?? 'errno'} ${errno})`), { errno, code, syscall });
}

/** The socket closed under us: Node's code for a write to a destroyed stream. */
const closed = () =>
  Object.assign(new Error('The destination closed before the blob was written'), { code: 'ERR_STREAM_DESTROYED' });

/** Node's own fields of a response this relies on to send its head itself (Node 20 and 22). */
interface NodeResponseInternals {
  _header?: unknown;
  _headerSent?: boolean;
}

/**
 * Sends the response's head ahead of its body. When a body follows on a socket Node holds nothing
 * for, by the kernel with MSG_MORE, so it leaves in the body's first packets as nginx's tcp_nopush
 * sends it: written by Node it left alone (Node's sockets are TCP_NODELAY), and a bare server
 * answering 1 MiB ranges on loopback spent 225 µs of CPU a request against 156 with MSG_MORE
 * (paired rounds, medians). Anything else, or a Node without these fields, goes through Node.
 */
async function sendHead(direct: DirectSocket, kernel: KernelSendfile, bodyFollows: boolean): Promise<void> {
  const { response, socket } = direct;
  if (bodyFollows && idle(socket)) {
    response.writeHead(response.statusCode);
    const internals = response as ServerResponse & NodeResponseInternals;
    const head = internals._header;
    if (typeof head === 'string' && internals._headerSent === false) {
      const bytes = Buffer.from(head, 'latin1');
      if (socket.destroyed) throw closed();
      const result = kernel.sendMore(direct.fd, bytes);
      if ('errno' in result && result.errno !== kernel.EAGAIN) throw errnoError('send', result.errno);
      internals._headerSent = true; // Node's end() then writes no head of its own
      const sent = 'sent' in result ? result.sent : 0;
      if (sent < bytes.length) await written(socket, bytes.subarray(sent));
      return;
    }
  }
  response.flushHeaders();
  await writtenOut(socket);
}

/** Whether Node holds nothing for `socket`: what the kernel is given goes out after all of it. */
function idle(socket: Socket): boolean {
  return socket.writableLength === 0 && ((socket as Socket & NodeSocketInternals)._handle?.writeQueueSize ?? 0) === 0;
}

/** Writes `bytes` through Node; resolves once they are in the kernel. */
function written(socket: Socket, bytes: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));
}

/** Resolves once everything Node was given for `socket` is in the kernel (usually at once). */
async function writtenOut(socket: Socket): Promise<void> {
  if (!idle(socket)) await written(socket, '');
}
