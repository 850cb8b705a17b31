// The second implementation of the seam the session store talks to (firebase/auth-client.ts): a
// Stream session after an OpenID Connect sign-in. The refresh token lives in an HttpOnly cookie
// the page never sees; POST /api/auth/session/refresh answers a short-lived access token (and
// rotates the cookie), which is the "ID token" the app sends, so routes and libs do not change.
import { AuthClientError, type AuthClient, type AuthIdentity } from '../firebase/auth-client';

export const REFRESH_PATH = '/api/auth/session/refresh';
export const LOGOUT_PATH = '/api/auth/session/logout';
/**
 * A token is refreshed this long before its expiry, so a call never leaves with one about to die;
 * a short-lived one (SESSION_ACCESS_SECONDS under 4 minutes) a quarter of its life before.
 */
const EARLY_MS = 60_000;

interface Held {
  token: string;
  expiresAt: number;
  /** When it is refreshed: before `expiresAt` by EARLY_MS, or by a quarter of its life if that is shorter. */
  refreshAt: number;
  identity: AuthIdentity;
}

/**
 * An AuthClient over Stream's own session. Signing in happens at the provider (the page goes to
 * /api/auth/oidc/start); the methods of Firebase's own forms refuse with `auth/operation-not-allowed`.
 * `signOut` revokes the session and, when the provider offers one, goes to its logout page (`leave`).
 */
export function createStreamSessionClient(
  deps: {
    fetch?: typeof fetch;
    now?: () => number;
    leave?: (url: string) => void;
    /** Runs `run` in `ms` (setTimeout); answers how to cancel it. */
    schedule?: (run: () => void, ms: number) => () => void;
  } = {},
): AuthClient {
  const fetcher = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const now = deps.now ?? Date.now;
  const listeners = new Set<(identity: AuthIdentity | null, token: string | null) => void>();
  let held: Held | null = null;
  let refreshing: Promise<Held | null> | undefined;
  let started: Promise<Held | null> | undefined;
  const schedule =
    deps.schedule ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  let cancelNext = () => {};
  // A held session refreshes itself before its token expires, even on a page left open doing
  // nothing: so a person the directory disabled (or whose session was revoked) is signed out within
  // one token's lifetime, as Firebase's SDK does for its own tokens.
  const refreshBeforeExpiry = () => {
    cancelNext();
    cancelNext = held ? schedule(() => void refresh(), Math.max(0, held.refreshAt - now())) : () => {};
  };

  const emit = () => {
    for (const listener of [...listeners]) listener(held?.identity ?? null, held?.token ?? null);
  };

  const refresh = (): Promise<Held | null> =>
    (refreshing ??= (async () => {
      try {
        const response = await fetcher(REFRESH_PATH, { method: 'POST', credentials: 'same-origin' });
        const body = (await response.json().catch(() => ({}))) as { accessToken?: unknown; expiresAt?: unknown };
        const previous = held;
        held =
          response.ok && typeof body.accessToken === 'string'
            ? holdToken(body.accessToken, typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : NaN, now())
            : null;
        if (previous?.token !== held?.token) emit();
        refreshBeforeExpiry();
        return held;
      } catch {
        return held; // offline: keep what is held until it expires
      } finally {
        refreshing = undefined;
      }
    })());

  return {
    onIdTokenChanged(listener) {
      listeners.add(listener);
      started ??= refresh();
      void started.then(() => listeners.has(listener) && listener(held?.identity ?? null, held?.token ?? null));
      return () => listeners.delete(listener);
    },
    currentIdentity: () => held?.identity ?? null,
    async getIdToken(forceRefresh) {
      await started;
      if (!held) return null;
      if (forceRefresh || held.refreshAt <= now()) return (await refresh())?.token ?? null;
      return held.token;
    },
    async signOut() {
      const response = await fetcher(LOGOUT_PATH, { method: 'POST', credentials: 'same-origin' }).catch(() => null);
      const body = (await response?.json().catch(() => ({}))) as { logoutUrl?: unknown } | undefined;
      held = null;
      refreshBeforeExpiry();
      emit();
      if (typeof body?.logoutUrl === 'string' && /^https?:\/\//.test(body.logoutUrl)) deps.leave?.(body.logoutUrl);
    },
    fetchSignInMethods: async () => [],
    signInWithPassword: notHere,
    signUp: notHere,
    signInWithPopup: notHere,
    linkPendingCredential: notHere,
    sendPasswordResetEmail: notHere,
    verifyPasswordResetCode: notHere,
    confirmPasswordReset: notHere,
    checkActionCode: notHere,
    applyActionCode: notHere,
    sendEmailVerification: notHere,
    updateDisplayName: notHere,
    changePassword: notHere,
    sendSignInLinkToEmail: notHere,
    isSignInWithEmailLink: () => false,
    signInWithEmailLink: notHere,
    sendPhoneCode: notHere,
    confirmPhoneCode: notHere,
  };
}

/** Your organisation's identity provider keeps these (passwords, verification, names). */
async function notHere(): Promise<never> {
  throw new AuthClientError('auth/operation-not-allowed', 'Your organisation’s sign-in manages this');
}

/** The person an access token names (its payload, read, not verified: the API verifies it). */
function holdToken(token: string, expiresAt: number, heldAt: number): Held | null {
  try {
    const binary = atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload = JSON.parse(json) as Record<string, unknown>;
    if (typeof payload.sub !== 'string') return null;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    const expires = Number.isFinite(expiresAt) ? expiresAt : Number(payload.exp) * 1000;
    return {
      token,
      expiresAt: expires,
      refreshAt: expires - Math.min(EARLY_MS, Math.max(0, expires - heldAt) / 4),
      identity: {
        uid: payload.sub,
        email: text(payload.email),
        displayName: text(payload.name),
        photoURL: null,
        phoneNumber: null,
        emailVerified: payload.email_verified === true,
        creationTime: null,
        lastSignInTime: null,
        providerIds: ['oidc'],
      },
    };
  } catch {
    return null;
  }
}
