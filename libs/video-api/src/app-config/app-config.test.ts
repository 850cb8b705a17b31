import { describe, expect, it } from 'vitest';
import { fetchAppConfig, noLimits, parseAppConfig } from './app-config';

describe('app config', () => {
  it('reads the maximum recording length', async () => {
    const fetcher = (async (url: string) => {
      expect(url).toBe('/api/config');
      return new Response(JSON.stringify({ maxRecordingSeconds: 90 }));
    }) as typeof fetch;
    expect(await fetchAppConfig(fetcher)).toEqual({ maxRecordingSeconds: 90 });
  });

  it('is no limit when the server fails, is unreachable or answers nonsense', async () => {
    expect(await fetchAppConfig((async () => new Response('', { status: 500 })) as typeof fetch)).toEqual(noLimits);
    expect(
      await fetchAppConfig((async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch),
    ).toEqual(noLimits);
    for (const body of [
      null,
      'x',
      { maxRecordingSeconds: -1 },
      { maxRecordingSeconds: 1.5 },
      { maxRecordingSeconds: '60' },
    ]) {
      expect(parseAppConfig(body)).toEqual(noLimits);
    }
  });

  it('reads that the server has no Firebase (FIREBASE_AUTH=off): the organisation’s sign-in is then the only one', () => {
    expect(parseAppConfig({ maxRecordingSeconds: null, firebaseAuth: 'off', oidc: { name: 'Acme' } })).toEqual({
      maxRecordingSeconds: null,
      firebaseAuth: 'off',
      oidc: { name: 'Acme', only: true },
    });
    expect(parseAppConfig({ maxRecordingSeconds: null, oidc: { name: 'Acme' } }).oidc).toEqual({ name: 'Acme' });
    for (const firebaseAuth of ['on', false, 'OFF', { off: true }])
      expect(parseAppConfig({ maxRecordingSeconds: null, firebaseAuth })).toEqual(noLimits);
  });

  it('reads the Auth emulator the server trusts, and nothing that is not a string', async () => {
    const fetcher = (async () =>
      new Response(JSON.stringify({ maxRecordingSeconds: null, authEmulatorHost: '127.0.0.1:9199' }))) as typeof fetch;
    expect(await fetchAppConfig(fetcher)).toEqual({ maxRecordingSeconds: null, authEmulatorHost: '127.0.0.1:9199' });
    for (const host of ['', 9099, null, { host: 'x' }])
      expect(parseAppConfig({ authEmulatorHost: host })).toEqual(noLimits);
  });

  it('reads the organisation sign-in name when OIDC is on, and nothing else as one', () => {
    expect(parseAppConfig({ maxRecordingSeconds: null, oidc: { name: 'Acme SSO' } })).toEqual({
      maxRecordingSeconds: null,
      oidc: { name: 'Acme SSO' },
    });
    for (const oidc of [undefined, null, 'SSO', {}, { name: '' }, { name: 7 }])
      expect(parseAppConfig({ oidc })).toEqual(noLimits);
    expect(parseAppConfig({ maxRecordingSeconds: null, saml: { name: 'Acme SAML' } })).toEqual({
      maxRecordingSeconds: null,
      saml: { name: 'Acme SAML' },
    });
    for (const saml of [undefined, null, 'SAML', {}, { name: '' }, { name: 7 }])
      expect(parseAppConfig({ saml })).toEqual(noLimits);
  });
});
