import { describe, expect, it } from 'vitest';
import type { AuthClient } from '../firebase/auth-client';
import type { FirebaseSettings } from '../firebase/firebase-config';
import { authClientFor } from './auth-client-for';

const streamClient = { name: 'stream' } as unknown as AuthClient;
const firebaseClient = { name: 'firebase' } as unknown as AuthClient;

/** authClientFor with a Stream session that is (or is not) held, counting how often it is asked. */
function world(held: AuthClient | null, hint = true) {
  const asked = { open: 0, firebase: [] as FirebaseSettings[] };
  const deps = {
    open: async () => (asked.open++, held),
    firebase: (settings: FirebaseSettings) => (asked.firebase.push(settings), firebaseClient),
    hasSessionHint: () => hint,
  };
  return { asked, deps };
}

describe('authClientFor', () => {
  it('follows Firebase without asking for a Stream session when OIDC is off', async () => {
    const { asked, deps } = world(streamClient);
    expect(await authClientFor({ authEmulatorHost: '127.0.0.1:9199' }, {}, deps)).toBe(firebaseClient);
    expect(asked.open).toBe(0);
    expect(asked.firebase[0]?.emulatorHost).toBe('127.0.0.1:9199');
  });

  it('with Firebase off on the server, follows the Stream session, signed in or out, and never starts Firebase', async () => {
    const { asked, deps } = world(null, false);
    let only = 0;
    const client = await authClientFor(
      { firebaseAuth: 'off', oidc: { name: 'SSO' } },
      {},
      {
        ...deps,
        only: async () => (only++, streamClient),
      },
    );
    expect(client).toBe(streamClient);
    expect(only).toBe(1);
    expect(asked).toEqual({ open: 0, firebase: [] });
  });

  it('follows the Stream session a browser back from the provider holds, and Firebase not at all', async () => {
    const { asked, deps } = world(streamClient);
    expect(await authClientFor({ oidc: { name: 'SSO' } }, {}, deps)).toBe(streamClient);
    expect(asked).toEqual({ open: 1, firebase: [] });
  });

  it('follows the Stream session a browser back from a SAML IdP holds, with SAML alone on', async () => {
    const { asked, deps } = world(streamClient);
    expect(await authClientFor({ saml: { name: 'SAML SSO' } }, {}, deps)).toBe(streamClient);
    expect(asked).toEqual({ open: 1, firebase: [] });
  });

  it('asks nothing of the Stream session when the browser has no hint of one (a Firebase person)', async () => {
    const { asked, deps } = world(streamClient, false);
    expect(await authClientFor({ oidc: { name: 'SSO' } }, {}, deps)).toBe(firebaseClient);
    expect(asked.open).toBe(0);
  });

  it('reads the hint from document.cookie by default', async () => {
    const { asked, deps } = world(streamClient);
    const { hasSessionHint: _unused, ...reading } = deps;
    document.cookie = 'stream_has_session=1; path=/';
    try {
      expect(await authClientFor({ oidc: { name: 'SSO' } }, {}, reading)).toBe(streamClient);
    } finally {
      document.cookie = 'stream_has_session=; path=/; max-age=0';
    }
    expect(await authClientFor({ oidc: { name: 'SSO' } }, {}, reading)).toBe(firebaseClient);
    expect(asked.open).toBe(1);
  });

  it('follows Firebase when the Stream session cannot be asked: the app still starts', async () => {
    const { asked, deps } = world(null);
    const failing = {
      ...deps,
      open: async () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    };
    expect(await authClientFor({ oidc: { name: 'SSO' } }, {}, failing)).toBe(firebaseClient);
    expect(asked.firebase).toHaveLength(1);
  });

  it('follows Firebase when OIDC is on but this browser holds no Stream session', async () => {
    const { asked, deps } = world(null);
    expect(await authClientFor({ oidc: { name: 'SSO' } }, {}, deps)).toBe(firebaseClient);
    expect(asked.open).toBe(1);
    expect(asked.firebase).toHaveLength(1);
  });
});
