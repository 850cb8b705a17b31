import { describe, expect, it, vi } from 'vitest';
import { createSignInActions } from '../sign-in/sign-in-actions';
import { createFakeAuthClient } from '../testing/fake-auth-client';
import { AUTH_TOKEN_KEY, createSession } from './session-store';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the session store', () => {
  it('is signed in at load when a token is stored, before the identity provider answers', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stored');
    const session = createSession(createFakeAuthClient(), localStorage);
    expect(session.isSignedIn()).toBe(true);
    expect(session.getState().token).toBe('stored');
  });

  it('starts, signed out and in memory, in a frame whose browser refuses it localStorage (an embed on another site)', async () => {
    // Chromium with third-party storage blocked throws on the property itself, not only on getItem.
    vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    try {
      const client = createFakeAuthClient();
      const session = createSession(client);
      createSignInActions(client, session);
      await session.ready;
      expect(session.isSignedIn()).toBe(false);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('is signed out at load without a stored token', () => {
    localStorage.clear();
    expect(createSession(createFakeAuthClient(), localStorage).isSignedIn()).toBe(false);
  });

  it('drops a stored token the identity provider does not confirm', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stale');
    const session = createSession(createFakeAuthClient(), localStorage);
    await session.ready;
    expect(session.isSignedIn()).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('saves the token and user at login, refreshes the token, removes it at logout', async () => {
    localStorage.clear();
    const client = createFakeAuthClient();
    client.addAccount({ email: 'ada@example.com', password: 'secret-1', displayName: 'Ada' });
    const session = createSession(client, localStorage);
    await session.ready;
    const changes: string[] = [];
    session.subscribe(() => changes.push(session.getState().token ?? 'none'));

    const identity = await client.signInWithPassword('ada@example.com', 'secret-1');
    const result = await session.completeLogin(identity);
    expect(result.user).toEqual({ id: identity.uid, email: 'ada@example.com', name: 'Ada', photoURL: null });
    expect(result.token).toMatch(/^token-/);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(result.token);

    const fresh = client.rotateToken();
    expect(fresh).not.toBe(result.token);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(fresh);
    expect(await session.getToken()).toBe(fresh);

    await session.logout();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(session.getState()).toEqual({ user: null, token: null });
    expect(changes).toEqual([result.token, fresh, 'none']);
  });

  it('keeps working without web storage', async () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const client = createFakeAuthClient();
    client.addAccount({ email: 'ada@example.com', password: 'secret-1' });
    const session = createSession(client, broken);
    await session.completeLogin(await client.signInWithPassword('ada@example.com', 'secret-1'));
    expect(session.isSignedIn()).toBe(true);
  });

  it('stops listening when disposed', async () => {
    const client = createFakeAuthClient();
    const session = createSession(client, localStorage);
    await flush();
    expect(client.listenerCount()).toBe(1);
    session.dispose();
    expect(client.listenerCount()).toBe(0);
  });
});
