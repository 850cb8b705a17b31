import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const trio = {
  OIDC_ISSUER: 'https://id.example.com/realms/acme',
  OIDC_CLIENT_ID: 'stream',
  OIDC_CLIENT_SECRET: 's3cret-value',
};

describe('OpenID Connect settings', () => {
  it('are off with none set, with their defaults', () => {
    const config = loadConfig({});
    expect(config.OIDC_ISSUER).toBeUndefined();
    expect(config).toMatchObject({
      OIDC_NAME: 'SSO',
      OIDC_SCOPES: ['openid', 'email', 'profile'],
      OIDC_TOKEN_AUTH: 'client_secret_basic',
    });
  });

  it('reads all of them; openid is always asked for', () => {
    const config = loadConfig({
      ...trio,
      OIDC_NAME: 'Acme ID',
      OIDC_SCOPES: 'email profile groups',
      OIDC_TOKEN_AUTH: 'client_secret_post',
    });
    expect(config).toMatchObject({
      ...trio,
      OIDC_NAME: 'Acme ID',
      OIDC_SCOPES: ['openid', 'email', 'profile', 'groups'],
      OIDC_TOKEN_AUTH: 'client_secret_post',
    });
  });

  it('names what is missing when only some of issuer, client id and secret are set, never showing the secret', () => {
    expect(() => loadConfig({ OIDC_ISSUER: trio.OIDC_ISSUER })).toThrow(
      /OIDC_CLIENT_ID="": OpenID Connect needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET together: OIDC_CLIENT_ID is missing; OIDC_CLIENT_SECRET=.*OIDC_CLIENT_SECRET is missing/,
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' })).toThrow(/OIDC_ISSUER is missing/);
    try {
      loadConfig({ ...trio, OIDC_ISSUER: 'not a url' });
    } catch (error) {
      expect((error as Error).message).not.toContain(trio.OIDC_CLIENT_SECRET);
    }
    expect(() => loadConfig({ ...trio, OIDC_CLIENT_SECRET: 'bad', OIDC_TOKEN_AUTH: 'private_key_jwt' })).toThrow(
      /OIDC_TOKEN_AUTH="private_key_jwt"/,
    );
  });

  it('takes an http:// issuer only on loopback', () => {
    expect(() => loadConfig({ ...trio, OIDC_ISSUER: 'http://id.example.com' })).toThrow(
      /OIDC_ISSUER="http:\/\/id.example.com": expected an https:\/\/ issuer \(http:\/\/ only on 127.0.0.1, ::1 or localhost\)/,
    );
    for (const issuer of ['http://127.0.0.1:8081/realms/x', 'http://localhost:8081', 'http://[::1]:9000'])
      expect(loadConfig({ ...trio, OIDC_ISSUER: issuer }).OIDC_ISSUER).toBe(issuer);
  });

  it('FIREBASE_AUTH is on by default; off needs the organisation’s sign-in, and says what to set', () => {
    expect(loadConfig({}).FIREBASE_AUTH).toBe('on');
    expect(loadConfig({ ...trio, FIREBASE_AUTH: 'off' }).FIREBASE_AUTH).toBe('off');
    expect(() => loadConfig({ FIREBASE_AUTH: 'off' })).toThrow(
      /FIREBASE_AUTH="off": with Firebase sign-in off nobody could sign in: set your organisation's sign-in \(OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ FIREBASE_AUTH: 'no' })).toThrow(/FIREBASE_AUTH="no": expected on or off/);
  });
});
