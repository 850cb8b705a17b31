import { connect, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { dualProtocolServer, KEEP_ALIVE_TIMEOUT_MS } from './dual-protocol-server';

/** Sends `request` on `socket` and resolves with what arrives until `done` says the answer is whole. */
function exchange(socket: ReturnType<typeof connect>, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const onData = (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.endsWith('hello')) finish(() => resolve(answer));
    };
    const onClose = () => finish(() => reject(new Error(`closed by the server after: ${JSON.stringify(answer)}`)));
    const finish = (then: () => void) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      then();
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(request);
  });
}

describe('the HTTP/1.1 side of the dual-protocol server', () => {
  it(`keeps an idle keep-alive connection open past Node's 5 s (for ${KEEP_ALIVE_TIMEOUT_MS / 1000} s)`, async () => {
    const protocols = dualProtocolServer();
    const app = Fastify({ serverFactory: protocols.serverFactory });
    app.get('/', async () => 'hello');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    try {
      const request = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
      const first = await exchange(socket, request);
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toMatch(/keep-alive: timeout=72/i);
      // Idle longer than Node's default keepAliveTimeout (5 s), as nginx's pooled connections are.
      await new Promise((done) => setTimeout(done, 6000));
      expect(await exchange(socket, request)).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
      await app.close();
    }
  }, 20_000);
});
