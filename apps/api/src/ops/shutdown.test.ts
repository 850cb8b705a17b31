import { connect, type AddressInfo, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
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
});
