export type { ActionCodeDetails, AuthClient, AuthIdentity, PopupProvider } from './firebase/auth-client';
export { AuthClientError } from './firebase/auth-client';
export { createFirebaseAuthClient } from './firebase/firebase-auth-client';
export { DEFAULT_EMULATOR_HOST, firebaseSettingsFromEnv, type FirebaseSettings } from './firebase/firebase-config';
export { AUTH_TOKEN_KEY, createSession, toSessionUser, type Session, type SessionState } from './session/session-store';
export type { LoginResult, SessionUser } from './session/session-user';
export { useSession } from './session/use-session';
export { AFTER_PHONE_SUCCESS_MS, POPUP_SIZE, RESEND_COUNTDOWN_SECONDS, SPINNER_DELAY_MS, formatCountdown, startCountdown } from './sign-in/countdown';
export type { Failure, Outcome } from './sign-in/outcome';
export { EMAIL_FOR_SIGN_IN_KEY, createSignInActions, type EmailNext, type PopupOutcome, type SignInActions } from './sign-in/sign-in-actions';
export { COUNTRIES, DEFAULT_COUNTRY, type Country } from './validation/countries';
export { authErrorMessage, messages, type AuthErrorContext } from './validation/messages';
export {
  toE164,
  validateEmail,
  validateName,
  validateNewPassword,
  validatePassword,
  validatePhoneCode,
  type PhoneNumberResult,
  type Validation,
} from './validation/rules';
