import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ByteRange } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { directSocketOf, loadKernelSendfile, type KernelSendfile } from './socket-sendfile';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bytes = randomBytes(40 * 1024 * 1024 + 13);
const KEY = 'videos/v1/original-a.webm';

/** The kernel's sendfile, counting what it sent, how often the socket was full, and the heads it sent. */
function counting(kernel: KernelSendfile) {
  /** headBytes: the kernel takes only that much of each head (as a socket short of room would). */
  const seen: { calls: number; sent: number; full: number; heads: number; headBytes?: number } = {
    calls: 0,
    sent: 0,
    full: 0,
    heads: 0,
  };
  const counted: KernelSendfile = {
    EAGAIN: kernel.EAGAIN,
    send(...args) {
      seen.calls++;
      const result = kernel.send(...args);
      if ('sent' in result) seen.sent += result.sent;
      else if (result.errno === kernel.EAGAIN) seen.full++;
      return result;
    },
    sendMore(fd, head) {
      const result = kernel.sendMore(fd, seen.headBytes === undefined ? head : head.subarray(0, seen.headBytes));
      if ('sent' in result && result.sent === head.length) seen.heads++;
      return result;
    },
  };
  return { counted, seen };
}

describe('a local blob sent by the kernel (sendfile) to an HTTP/1.1 response', () => {
  let dir: string;
  let server: Server;
  let origin: { host: string; port: number };
  let seen: ReturnType<typeof counting>['seen'];
  const outcomes: Array<Promise<unknown>> = [];
  const framed: boolean[] = [];

  beforeAll(async () => {
    const kernel = await loadKernelSendfile();
    // Linux x64 with koffi's prebuilt binary, as CI and the deploy guide's machines: no skipping.
    expect(kernel, 'sendfile through koffi loads here').toBeDefined();
    const count = counting(kernel!);
    seen = count.seen;
    dir = await mkdtemp(join(tmpdir(), 'sendfile-'));
    const store = new LocalBlobStore(dir, { sendfile: count.counted });
    await store.put(KEY, Readable.from([bytes]));
    server = createServer((req, res) => {
      if (req.url === '/framed') {
        // Chunked framing (no length), a length other than the body's, then the very length.
        framed.push(directSocketOf(res, 100) !== undefined);
        res.setHeader('content-length', 99);
        framed.push(directSocketOf(res, 100) !== undefined);
        res.setHeader('content-length', 100);
        framed.push(directSocketOf(res, 100) !== undefined);
        return res.end('x'.repeat(100));
      }
      const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      const range: ByteRange | undefined = match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
      res.statusCode = range ? 206 : 200;
      res.setHeader('content-type', 'video/webm');
      res.setHeader('content-length', range ? range.end - range.start + 1 : bytes.length);
      const sent = store.open(KEY).then((blob) => blob!.writeTo(res, range));
      outcomes.push(sent.catch((error: unknown) => error));
      sent.catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    Object.assign(seen, { calls: 0, sent: 0, full: 0, heads: 0, headBytes: undefined });
    outcomes.length = 0;
  });

  const get = (headers: Record<string, string>, agent: Agent, path = '/') =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      request({ ...origin, agent, headers, path }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });

  it('answers ranges one after another on one keep-alive connection, every byte exact, sent by the kernel', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let total = 0;
    for (let i = 0; i < 24; i++) {
      const start = Math.floor(Math.random() * (bytes.length - 1));
      const end = Math.min(bytes.length - 1, start + Math.floor(Math.random() * 3 * 1024 * 1024));
      const { status, body } = await get({ range: `bytes=${start}-${end}` }, agent);
      expect(status).toBe(206);
      expect(body.equals(bytes.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
      total += end - start + 1;
    }
    agent.destroy();
    // A reader as fast as this one may still fill the socket now and then; what the kernel did not
    // send went as small pieces, and together they are the body.
    expect(seen.calls).toBeGreaterThanOrEqual(24);
    expect(seen.sent).toBeGreaterThan(total / 2);
    // Each head went by the kernel with MSG_MORE, ahead of its body in the same packets.
    expect(seen.heads).toBe(24);
  });

  it('sends through Node what the kernel did not take of a head, and every byte after it exact', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (const headBytes of [10, 0]) {
      seen.headBytes = headBytes;
      const { status, body } = await get({ range: 'bytes=1000-2049999' }, agent);
      expect(status, `the kernel took ${headBytes} bytes of the head`).toBe(206);
      expect(body.equals(bytes.subarray(1000, 2050000))).toBe(true);
    }
    agent.destroy();
    expect(seen.heads).toBe(0);
    expect(await Promise.all(outcomes)).toEqual([undefined, undefined]);
  });

  it('waits on a reader that stops reading, then sends the rest exact', async () => {
    const socket = connect(origin);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.pause();
    socket.write(`GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the socket's buffers fill
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.resume();
    await new Promise((resolve) => socket.once('end', resolve));
    const answer = Buffer.concat(chunks);
    const body = answer.subarray(answer.indexOf('\r\n\r\n') + 4);
    expect(answer.subarray(0, 15).toString()).toBe('HTTP/1.1 200 OK');
    expect(sha256(body)).toBe(sha256(bytes));
    expect(seen.full).toBeGreaterThan(0);
    expect(seen.sent).toBeGreaterThan(0);
    expect(await Promise.all(outcomes)).toEqual([undefined]);
  });

  it('stops when the client goes away mid-body, and goes on answering others', async () => {
    const socket = connect(origin);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET / HTTP/1.1\r\nHost: x\r\n\r\n`);
    await new Promise((resolve) => socket.once('data', resolve));
    socket.destroy();
    const [outcome] = await Promise.all(outcomes);
    expect(outcome).toBeInstanceOf(Error);
    const agent = new Agent({ keepAlive: false });
    const { body } = await get({ range: 'bytes=10-1048585' }, agent);
    expect(body.equals(bytes.subarray(10, 1048586))).toBe(true);
  });

  it('answers pipelined requests in their order: the second waits for the first', async () => {
    const socket = connect(origin);
    await new Promise((resolve) => socket.once('connect', resolve));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => socket.once('end', resolve));
    socket.write(
      `GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=0-2097151\r\n\r\n` +
        `GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=5000000-5999999\r\nConnection: close\r\n\r\n`,
    );
    await ended;
    let answer = Buffer.concat(chunks);
    const bodies: Buffer[] = [];
    while (answer.length > 0) {
      const headEnd = answer.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(answer.subarray(0, headEnd).toString())![1]);
      bodies.push(answer.subarray(headEnd + 4, headEnd + 4 + length));
      answer = answer.subarray(headEnd + 4 + length);
    }
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.equals(bytes.subarray(0, 2097152))).toBe(true);
    expect(bodies[1]!.equals(bytes.subarray(5000000, 6000000))).toBe(true);
  });

  it('leaves to Node any body it frames itself, and anything that is not an HTTP/1.1 response', async () => {
    const { body } = await get({}, new Agent({ keepAlive: false }), '/framed');
    expect(body.toString()).toBe('x'.repeat(100));
    expect(framed).toEqual([false, false, true]);
    expect(directSocketOf(new PassThrough(), 10)).toBeUndefined();
  });
});
