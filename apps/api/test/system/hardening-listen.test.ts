// With the Auth emulator, tokens are not verified, so the API listens on 127.0.0.1
// unless HOST says otherwise, and then it warns loudly. src/main.ts in its own process.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenHost } from '../../src/platform/http/listen-host';
import { startApiProcess, type ApiProcess } from '../support/api-process';

const started: { api: ApiProcess; dataDir: string }[] = [];
afterEach(async () => {
  for (const { api, dataDir } of started.splice(0)) {
    api.child.kill('SIGTERM');
    await api.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'stream-api-listen-'));
  // An emulator address nothing listens on: the server never needs to reach it to start.
  const api = startApiProcess({ DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', ...env });
  started.push({ api, dataDir });
  return api;
}

/** The addresses listening on `port`, from the kernel's socket tables (Linux). */
function listeningAddresses(port: number): string[] {
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [address, hexPort] = local.split(':');
      if (parseInt(hexPort!, 16) !== port) continue;
      addresses.push(
        address!.length === 8
          ? address!
              .match(/../g)!
              .reverse()
              .map((byte) => parseInt(byte, 16))
              .join('.')
          : address!,
      );
    }
  }
  return addresses;
}

describe('the listen address in emulator mode', () => {
  it('is 127.0.0.1 when HOST is unset, with no warning', async () => {
    const api = start({ HOST: '' });
    const port = Number(new URL(await api.listening()).port);
    expect(listeningAddresses(port)).toEqual(['127.0.0.1']);
    expect(api.output()).not.toMatch(/NOT verified/);
  }, 90_000);

  it('is HOST when set, with a loud warning that tokens are not verified', async () => {
    const api = start({ HOST: '0.0.0.0' });
    const port = Number(new URL(await api.listening()).port);
    expect(listeningAddresses(port)).toEqual(['0.0.0.0']);
    expect(api.stderr()).toMatch(
      /WARNING: FIREBASE_AUTH_EMULATOR_HOST is set, so ID tokens are NOT verified.*HOST=0\.0\.0\.0/,
    );
  }, 90_000);

  it('without the emulator, is HOST or every interface, as before', () => {
    expect(listenHost({ HOST: undefined, FIREBASE_AUTH_EMULATOR_HOST: undefined })).toEqual({ host: '0.0.0.0' });
    expect(listenHost({ HOST: '10.0.0.5', FIREBASE_AUTH_EMULATOR_HOST: undefined })).toEqual({ host: '10.0.0.5' });
    expect(listenHost({ HOST: '127.0.0.1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toEqual({
      host: '127.0.0.1',
    });
  });
});
