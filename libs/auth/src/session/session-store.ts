import type { AuthClient, AuthIdentity } from '../firebase/auth-client';
import type { LoginResult, SessionUser } from './session-user';
import { localStorageIfAllowed, storageSlot } from './storage-slot';

/** The localStorage key holding the ID token (docs/product.md, Data: Session). */
export const AUTH_TOKEN_KEY = 'authToken';

export interface SessionState {
  user: SessionUser | null;
  token: string | null;
}

export interface Session {
  /** The identity provider this session follows (for the sign-in actions). */
  readonly client: AuthClient;
  getState(): SessionState;
  /** Signed in when a token is held, which at load means "a stored token exists" (docs/product.md, States: Sign-in). */
  isSignedIn(): boolean;
  subscribe(listener: () => void): () => void;
  /** A fresh ID token for API calls (the SDK refreshes it near expiry); the stored one before Firebase answers. */
  getToken(): Promise<string | null>;
  /** Records a successful sign-in and returns `{ user, token }`. */
  completeLogin(identity: AuthIdentity): Promise<LoginResult>;
  /** Signs out of the identity provider and clears token and user. */
  logout(): Promise<void>;
  /** The identity provider's full record of the current user (verified flag, dates), for the profile page. */
  identity(): AuthIdentity | null;
  /** Resolves once the identity provider has reported the restored user (or nobody). */
  ready: Promise<void>;
  dispose(): void;
}

export const toSessionUser = (identity: AuthIdentity): SessionUser => ({
  id: identity.uid,
  email: identity.email,
  name: identity.displayName,
  photoURL: identity.photoURL,
});

export function createSession(client: AuthClient, storage: Storage | undefined = localStorageIfAllowed()): Session {
  const stored = storageSlot(storage, AUTH_TOKEN_KEY); // without web storage the session lives in memory only
  let state: SessionState = { user: null, token: stored.get() };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    if (next.token === state.token && sameUser(next.user, state.user)) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const unsubscribe = client.onIdTokenChanged((identity, token) => {
    if (identity && token) {
      stored.set(token);
      set({ user: toSessionUser(identity), token });
    } else {
      stored.remove();
      set({ user: null, token: null });
    }
    markReady();
  });

  return {
    client,
    getState: () => state,
    isSignedIn: () => state.token !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async getToken() {
      return (await client.getIdToken()) ?? state.token;
    },
    async completeLogin(identity) {
      const token = await client.getIdToken();
      if (!token) throw new Error('Signed in without an ID token');
      stored.set(token);
      const user = toSessionUser(identity);
      set({ user, token });
      return { user, token };
    },
    async logout() {
      await client.signOut();
      stored.remove();
      set({ user: null, token: null });
    },
    identity: () => client.currentIdentity(),
    ready,
    dispose: () => unsubscribe(),
  };
}

function sameUser(a: SessionUser | null, b: SessionUser | null) {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.id === b.id && a.email === b.email && a.name === b.name && a.photoURL === b.photoURL;
}
