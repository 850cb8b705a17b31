// @vitest-environment node
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from './auth-emulator';

describe('freePorts', () => {
  it('hands out different ports every time, none of those it was told to avoid, each free to listen on', async () => {
    const avoid = await freePorts(5);
    for (let round = 0; round < 20; round++) {
      const ports = await freePorts(3, { not: avoid });
      expect(new Set(ports).size).toBe(3);
      for (const port of ports) expect(avoid).not.toContain(port);
    }
    const [port] = await freePorts(1);
    const server = createServer();
    await new Promise<void>((listening, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => listening());
    });
    await new Promise((closed) => server.close(closed));
  });
});
