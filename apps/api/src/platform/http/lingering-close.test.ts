import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerWhileBodiesArrive } from './lingering-close';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }
});

/** A server that refuses every request with 413 and `Connection: close`, without reading its body. */
async function refusingServer(linger: { ms: number } | undefined): Promise<number> {
  const server = createServer((_request, response) => {
    response.writeHead(413, { 'content-type': 'text/plain', 'content-length': '9', connection: 'close' });
    response.end('too large');
  });
  if (linger) lingerWhileBodiesArrive(server, linger.ms);
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return (server.address() as AddressInfo).port;
}

interface Outcome {
  answer: string;
  /** The socket error the client met, if any (EPIPE, ECONNRESET). */
  error?: string;
  /** Whether the server ended its side cleanly (FIN). */
  ended: boolean;
}

/**
 * Declares a 64 MiB body and sends it in 64 KiB writes, as a client that notices the answer late
 * does: it goes on writing for `keepSendingMs` after the answer's first byte (even past the server's
 * end of its side), then hangs up.
 */
function sendHugeBody(port: number, keepSendingMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const outcome: Outcome = { answer: '', ended: false };
    let stopAt = Infinity;
    const pump = () => {
      while (!socket.destroyed && Date.now() < stopAt) {
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) setTimeout(() => socket.destroy(), 20);
    };
    socket.on('data', (data: Buffer) => {
      if (!outcome.answer) stopAt = Date.now() + keepSendingMs;
      outcome.answer += data.toString('latin1');
    });
    socket.on('end', () => (outcome.ended = true));
    socket.on('error', (error: NodeJS.ErrnoException) => (outcome.error ??= error.code));
    socket.on('close', () => resolve(outcome));
    socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n`);
    pump();
  });
}

describe('a connection closed while its request body still arrives', () => {
  it('lingers: the client that goes on sending reads the whole answer and then a clean end, no reset', async () => {
    const port = await refusingServer({ ms: 5_000 });
    const outcome = await sendHugeBody(port, 300);
    expect(outcome.error).toBeUndefined();
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.answer).toMatch(/too large$/);
    expect(outcome.ended).toBe(true);
  });

  it("without the linger, Node's own close resets that client (what the linger is for)", async () => {
    const port = await refusingServer(undefined);
    const outcome = await sendHugeBody(port, 300);
    expect(outcome.error).toMatch(/^(EPIPE|ECONNRESET)$/);
  });

  it('ends at the bound for a client that never stops sending', async () => {
    const port = await refusingServer({ ms: 200 });
    const started = Date.now();
    const outcome = await sendHugeBody(port, 30_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.error).toMatch(/^(EPIPE|ECONNRESET)$/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('closes at once after a request that arrived whole', async () => {
    const port = await refusingServer({ ms: 60_000 });
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let answer = '';
      socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
      socket.on('close', () => resolve(answer));
    });
    const started = Date.now();
    socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\nhi');
    expect(await closed).toMatch(/^HTTP\/1\.1 413 /);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
