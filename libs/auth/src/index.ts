export type { ActionCodeDetails, AuthClient, AuthIdentity, PopupProvider } from './firebase/auth-client';
export { AuthClientError } from './firebase/auth-client';
export { createFirebaseAuthClient } from './firebase/firebase-auth-client';
export { DEFAULT_EMULATOR_HOST, firebaseSettingsFromEnv, type FirebaseSettings } from './firebase/firebase-config';
export { AUTH_TOKEN_KEY, createSession, toSessionUser, type Session, type SessionState } from './session/session-store';
export type { LoginResult, SessionUser } from './session/session-user';
export { useSession } from './session/use-session';
