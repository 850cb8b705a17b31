// A port another process holds stops the API with one line naming PORT, after closing what it
// opened (the embedded database, whose DATA_DIR lock it then releases). Started from the sources
// as `npm start` does (tsx), the one system test that starts the API that way: the others run
// the build, which production runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startApiProcess } from '../support/api-process';

const dataDir = mkdtempSync(join(tmpdir(), 'stream-port-'));
let holder: Server | undefined;

afterAll(() => {
  holder?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('names PORT when another process listens there', async () => {
  holder = createServer();
  const port = await new Promise<number>((done) =>
    holder!.listen(0, '127.0.0.1', () => done((holder!.address() as { port: number }).port)),
  );
  const api = startApiProcess({ DATA_DIR: dataDir, PORT: String(port) }, { source: true });
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 60_000);
  expect(await api.exited).toEqual({ code: 1, signal: null });
  clearTimeout(timer);
  expect(api.stderr().trimEnd().split('\n')).toEqual([
    `PORT=${port}: 127.0.0.1:${port} is already in use by another process`,
  ]);
  expect(existsSync(join(dataDir, 'api.lock'))).toBe(false);
}, 90_000);
