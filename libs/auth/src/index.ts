// What apps use, plus what README.md documents for them (validation rules, messages, limits).
export type { ActionCodeDetails, AuthClient, PopupProvider } from './firebase/auth-client';
export { AuthClientError } from './firebase/auth-client';
export { createFirebaseAuthClient } from './firebase/firebase-auth-client';
export { createStreamSessionClient } from './stream-session/stream-session-client';
export { authClientFor } from './stream-session/auth-client-for';
export { firebaseSettingsFromEnv } from './firebase/firebase-config';
export { createSession, type Session } from './session/session-store';
export type { LoginResult } from './session/session-user';
export { useSession } from './session/use-session';
export { useProfile } from './session/use-profile';
export {
  AFTER_PHONE_SUCCESS_MS,
  POPUP_SIZE,
  RESEND_COUNTDOWN_SECONDS,
  SPINNER_DELAY_MS,
  formatCountdown,
  startCountdown,
} from './sign-in/countdown';
export type { Failure, Outcome } from './sign-in/outcome';
export { createSignInActions, type SignInActions } from './sign-in/sign-in-actions';
export { COUNTRIES, DEFAULT_COUNTRY, type Country } from './validation/countries';
export { authErrorMessage, messages } from './validation/messages';
// Every rule of the sign-in forms (validateEmail, validatePassword, ..., toE164) and their result types.
export * from './validation/rules';
export * from './validation/phone-number';
export { WIDGET_MODES, type WidgetMode, type WidgetScreen } from './sign-in/widget/widget-screen';
export { loginNotice, oidcStartUrl, parseLoginSearch, safeRedirect, type LoginSearch } from './sign-in/login-search';
export {
  RECAPTCHA_HOST,
  useSignInWidget,
  type SignInWidgetOptions,
  type SignInWidgetState,
} from './sign-in/widget/use-sign-in-widget';
export { useAccountSecurity, WRONG_CURRENT_PASSWORD } from './session/use-account-security';
