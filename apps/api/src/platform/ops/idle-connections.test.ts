import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeIdleConnectionsGently } from './idle-connections';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** The client sees the server's close a moment after the server's own 'close'. */
async function seenClosed(state: { closed: boolean }) {
  for (let i = 0; i < 50 && !state.closed; i++) await sleep(10);
  return state.closed;
}

/** A keep-alive connection that has had one answered request; `closed` says when the server ended it. */
async function usedConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const state = { closed: false, received: () => received };
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('close', () => (state.closed = true));
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  while (!received.includes('\r\n\r\nok')) await sleep(5);
  return { socket, state };
}

describe('closeIdleConnectionsGently', () => {
  let server: Server | undefined;
  afterEach(() => server?.closeAllConnections());

  async function start(idleMs: number, fromProxy = true) {
    server = createServer((_request, response) => response.end('ok'));
    server.keepAliveTimeout = 60_000;
    closeIdleConnectionsGently(server, (address) => fromProxy && address === '127.0.0.1', idleMs);
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    return (server.address() as AddressInfo).port;
  }

  it("leaves a proxy's just-used keep-alive connection open when closing starts, and closes it once idle that long", async () => {
    const port = await start(400);
    const { socket, state } = await usedConnection(port);
    const closed = new Promise<void>((done) => server!.close(() => done()));
    // A request written into it now (as nginx may) is answered, not reset.
    await sleep(100);
    expect(state.closed).toBe(false);
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
    await sleep(100);
    expect(state.received().match(/200 OK/g)).toHaveLength(2);
    await sleep(100);
    expect(state.closed).toBe(false);
    await closed;
    expect(await seenClosed(state)).toBe(true);
  });

  it("closes at once an idle connection that is not a proxy's, as Node does", async () => {
    const port = await start(60_000, false);
    const { state } = await usedConnection(port);
    const started = Date.now();
    await new Promise<void>((done) => server!.close(() => done()));
    expect(Date.now() - started).toBeLessThan(100);
    expect(await seenClosed(state)).toBe(true);
  });

  it('closes at once a connection idle longer than that when closing starts', async () => {
    const port = await start(150);
    const { state } = await usedConnection(port);
    await sleep(250);
    const started = Date.now();
    await new Promise<void>((done) => server!.close(() => done()));
    expect(Date.now() - started).toBeLessThan(100);
    expect(await seenClosed(state)).toBe(true);
  });
});
