// GET /api/config: the server's maximum recording length, public, through the real
// server; MAX_RECORDING_SECONDS is parsed once and a bad value stops the process naming it.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startTestServer, type TestServer } from '../support/test-server';

describe('MAX_RECORDING_SECONDS and GET /api/config', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is unset by default (no limit), read as whole seconds, and refuses anything else naming the variable', () => {
    expect(loadConfig({}).MAX_RECORDING_SECONDS).toBeUndefined();
    expect(loadConfig({ MAX_RECORDING_SECONDS: '' }).MAX_RECORDING_SECONDS).toBeUndefined();
    expect(loadConfig({ MAX_RECORDING_SECONDS: '1800' }).MAX_RECORDING_SECONDS).toBe(1800);
    for (const value of ['0', '-5', '1.5', 'ten']) {
      expect(() => loadConfig({ MAX_RECORDING_SECONDS: value })).toThrow('MAX_RECORDING_SECONDS');
    }
  });

  it('answers the limit without a token, null when there is none', async () => {
    server = await startTestServer({ database: 'pglite' });
    const none = await fetch(`${server.baseUrl}/api/config`);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ maxRecordingSeconds: null });
    await server.close();

    server = await startTestServer({ database: 'pglite', env: { MAX_RECORDING_SECONDS: '90' } });
    const limited = await fetch(`${server.baseUrl}/api/config`);
    expect(limited.headers.get('cache-control')).toBe('no-cache');
    expect(await limited.json()).toEqual({ maxRecordingSeconds: 90 });
  });

  it('names the Auth emulator the server trusts, which the CSP lets the page reach (npm start on other ports)', async () => {
    server = await startTestServer({ database: 'pglite', env: { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' } });
    const response = await fetch(`${server.baseUrl}/api/config`);
    expect(await response.json()).toEqual({ maxRecordingSeconds: null, authEmulatorHost: '127.0.0.1:9199' });
    const connectSrc = /connect-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(connectSrc?.split(' ')).toContain('http://127.0.0.1:9199');
  });
});
