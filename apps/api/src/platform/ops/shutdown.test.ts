import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAcceptQueueDrain, type DrainAcceptQueue } from './accept-queue';
import { closeIdleConnectionsGently } from './idle-connections';
import { closeListenerFirst } from './shutdown';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Connects, or says why it could not (ECONNREFUSED once the listener is closed). */
function tryConnect(port: number): Promise<Socket | string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => done(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

/** Writes one request and waits for its whole answer (a body of "ok"). */
async function ask(socket: Socket): Promise<string> {
  let received = '';
  const onData = (chunk: Buffer) => (received += chunk.toString('utf8'));
  socket.on('data', onData);
  socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
  for (let i = 0; i < 200 && !received.endsWith('\r\n\r\nok'); i++) await sleep(5);
  socket.off('data', onData);
  return received;
}

describe('closeListenerFirst', () => {
  let app: FastifyInstance | undefined;
  const sockets: Socket[] = [];
  let releaseHooks = () => {};
  afterEach(async () => {
    releaseHooks(); // a failed case must not leave close() waiting on its hook
    for (const socket of sockets) socket.destroy();
    app?.server.closeAllConnections();
    await app?.close().catch(() => undefined);
  });

  /** Fastify with the API's closing options (server.ts) and a preClose hook that waits for `release`. */
  async function start() {
    const preCloseRunning = new Promise<void>((running) => {
      app = Fastify({ return503OnClosing: false, forceCloseConnections: false });
      app.post('/', async () => 'ok');
      app.addHook('preClose', () => {
        running();
        return new Promise<void>((done) => (releaseHooks = done));
      });
    });
    await app!.listen({ port: 0, host: '127.0.0.1' });
    closeIdleConnectionsGently(app!.server, () => true, 60_000);
    return { port: (app!.server.address() as AddressInfo).port, preCloseRunning, release: () => releaseHooks() };
  }

  it('refuses new connections while the preClose hooks run, and still answers on open ones', async () => {
    const { port, preCloseRunning, release } = await start();
    const open = (await tryConnect(port)) as Socket;
    sockets.push(open);
    expect(await ask(open)).toMatch(/^HTTP\/1\.1 200 /);

    let closed = false;
    const closing = closeListenerFirst(app!).then(() => (closed = true));
    await preCloseRunning;
    // Fastify now answers with Connection: close, so a proxy connects anew for its next request:
    // that connect must fail at once (nginx tries another API) rather than be accepted by the kernel
    // and reset when the listener closes after the hooks.
    const late = await tryConnect(port);
    if (typeof late !== 'string') sockets.push(late);
    expect(late).toBe('ECONNREFUSED');
    const answer = await ask(open);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');

    await sleep(50);
    expect(closed).toBe(false); // the hooks still run
    release();
    await closing;
    expect(closed).toBe(true);
  });

  it('ends even when nothing was connected', async () => {
    const { preCloseRunning, release } = await start();
    const closing = closeListenerFirst(app!);
    await preCloseRunning;
    release();
    await expect(closing).resolves.toBeUndefined();
    expect(app!.server.listening).toBe(false);
  });

  /**
   * Another process opens `count` connections and writes a request into each while this process's
   * event loop is held (as a busy API's is for milliseconds), so they wait in the accept queue; then,
   * in the same step, the listener closes. Resolves each connection's status line or error.
   */
  async function closeWithQueuedConnections(port: number, count: number, drain: DrainAcceptQueue | undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'accept-queue-'));
    const ready = join(dir, 'connected');
    const client = spawn(process.execPath, ['-e', QUEUED_CLIENT, String(port), String(count), ready], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    client.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<void>((done) => client.once('exit', () => done()));
    try {
      const until = Date.now() + 10_000;
      while (!existsSync(ready) && Date.now() < until); // the event loop held: nothing is accepted
      const written = Date.now() + 100;
      while (Date.now() < written); // the requests reach the queued connections
      const closing = closeListenerFirst(app!, drain);
      await exited;
      releaseHooks();
      await closing;
      return JSON.parse(output) as string[];
    } finally {
      client.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('answers the connections the kernel had queued when the listener closes, which closing alone resets', async () => {
    const drain = await loadAcceptQueueDrain();
    expect(drain).toBeDefined(); // CI is Linux x64, where koffi's binding loads
    const first = await start();
    expect(await closeWithQueuedConnections(first.port, 4, drain)).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
    // The same without the drain: the queued requests are reset, a 502 each behind nginx.
    const second = await start();
    expect(await closeWithQueuedConnections(second.port, 4, undefined)).toEqual(Array(4).fill('ECONNRESET'));
  });
});

/** Opens argv[2] connections to port argv[1], writes a request into each, touches argv[3]; prints what each got. */
const QUEUED_CLIENT = `
const net = require('node:net');
const fs = require('node:fs');
const [port, count, ready] = process.argv.slice(1);
const results = [];
let connected = 0;
let closed = 0;
for (let i = 0; i < Number(count); i++) {
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('connect', () => {
    socket.write('POST / HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 0\\r\\n\\r\\n');
    if (++connected === Number(count)) fs.writeFileSync(ready, '');
  });
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', (error) => (results[i] = error.code));
  socket.on('close', () => {
    results[i] ??= received.split('\\r\\n')[0];
    if (++closed === Number(count)) console.log(JSON.stringify(results));
  });
}
`;
