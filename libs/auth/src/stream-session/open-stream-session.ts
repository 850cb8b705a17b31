// Loaded by the app only when GET /api/config says OpenID Connect is on, so the signed-out first
// page carries none of it.
import type { AuthClient } from '../firebase/auth-client';
import { createStreamSessionClient } from './stream-session-client';

/**
 * The Stream session this browser holds, or null. After the provider's callback the browser lands
 * on the app with only the HttpOnly refresh cookie, so the app asks for an access token once at
 * start: a token means this person signed in through the organisation and the app follows Stream's
 * session instead of Firebase's. Signing out leaves for the provider's logout page when it offers
 * one, else reloads `/login`, where Firebase (or the button) signs the next person in.
 */
export async function openStreamSession(
  deps: { fetch?: typeof fetch; go?: (url: string) => void; keepSignedOut?: boolean } = {},
): Promise<AuthClient | null> {
  const go = deps.go ?? ((url: string) => window.location.assign(url));
  let left = false;
  const client = createStreamSessionClient({
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    leave: (url) => {
      left = true;
      go(url);
    },
  });
  const signedIn = await new Promise<boolean>((resolve) => {
    const stop = client.onIdTokenChanged((identity) => {
      resolve(identity !== null);
      queueMicrotask(() => stop());
    });
  });
  if (!signedIn && !deps.keepSignedOut) return null;
  return {
    ...client,
    async signOut() {
      await client.signOut();
      if (!left) go('/login');
    },
  };
}

/**
 * With no Firebase on the server (FIREBASE_AUTH=off) the Stream session is the only one: the app
 * follows it signed out too, and the person signs in with the organisation's button.
 */
export async function streamSessionOnly(deps: { fetch?: typeof fetch; go?: (url: string) => void } = {}) {
  return (await openStreamSession({ ...deps, keepSignedOut: true }))!;
}
