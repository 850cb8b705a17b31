import type { AuthClient } from '../firebase/auth-client';
import { createFirebaseAuthClient } from '../firebase/firebase-auth-client';
import { firebaseSettingsFromEnv, type FirebaseSettings } from '../firebase/firebase-config';

/** The API's script-readable hint that this browser holds a Stream session (apps/api identity/auth-cookies.ts). */
const SESSION_HINT = /(?:^|;\s*)stream_has_session=1(?:;|$)/;
const hintedInDocument = () => typeof document !== 'undefined' && SESSION_HINT.test(document.cookie);

/**
 * The identity provider the app follows in this browser. With the organisation's sign-in (OpenID
 * Connect or SAML) on, a browser back from the provider holds Stream's session (its HttpOnly cookie, and a
 * readable hint beside it): one refresh at start confirms it, and that person is followed through
 * it. Everyone else goes through Firebase, as before, without that refresh. The session client
 * loads only then: the first page carries none of it.
 */
export async function authClientFor(
  config: { authEmulatorHost?: string; oidc?: { name: string }; saml?: { name: string }; firebaseAuth?: 'off' },
  env: Record<string, string | boolean | undefined>,
  deps: {
    open?: () => Promise<AuthClient | null>;
    /** With no Firebase (FIREBASE_AUTH=off): the Stream session, held or signed out. */
    only?: () => Promise<AuthClient>;
    firebase?: (settings: FirebaseSettings) => AuthClient;
    hasSessionHint?: () => boolean;
  } = {},
): Promise<AuthClient> {
  // No Firebase on the server: it is never started (so neither Google nor an emulator is reached),
  // and everyone, signed in or not, is the Stream session's. Its SDK stays in the first chunk: split
  // out, it cost the signed-in first page ~400 bytes of gzip it does not have (budget/ e2e test).
  if (config.firebaseAuth === 'off')
    return (deps.only ?? (async () => (await import('./open-stream-session')).streamSessionOnly()))();
  const open = deps.open ?? (async () => (await import('./open-stream-session')).openStreamSession());
  // Its code failing to load (a deploy replaced the chunk, the network dropped) leaves the person
  // on Firebase, as having no Stream session does: the app still starts.
  const hinted = (config.oidc ?? config.saml) !== undefined && (deps.hasSessionHint ?? hintedInDocument)();
  const held = hinted ? await open().catch(() => null) : null;
  return held ?? (deps.firebase ?? createFirebaseAuthClient)(firebaseSettingsFromEnv(env, config));
}
