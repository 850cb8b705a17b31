// What each screen of the sign-in widget does: validate (docs/product.md, Validation), call the identity provider,
// record the session, and turn any refusal into the message of docs/product.md, Messages.
import { AuthClientError, type ActionCodeDetails, type AuthClient, type PopupProvider } from '../firebase/auth-client';
import type { Session } from '../session/session-store';
import type { LoginResult } from '../session/session-user';
import { authErrorMessage, messages, type AuthErrorContext } from '../validation/messages';
import {
  validateEmail,
  validateName,
  validateNewPassword,
  validatePassword,
  validatePhoneCode,
} from '../validation/rules';
import { fail, ok, type Outcome } from './outcome';
import { localStorageIfAllowed, storageSlot } from '../session/storage-slot';

/** Where the email screen leads: the password screen, sign-up, or another provider already used. */
export type EmailNext =
  | { screen: 'password' }
  | { screen: 'sign-up' }
  | { screen: 'provider'; providerId: string }
  | { screen: 'email-link-sent' };

export type PopupOutcome = Outcome<LoginResult | { linking: { email: string; providerId: string } }>;

/** The localStorage key remembering which email asked for a sign-in link (Firebase's own convention). */
export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';

export interface SignInActions {
  checkEmail(email: string): Promise<Outcome<EmailNext>>;
  signInWithPassword(email: string, password: string): Promise<Outcome<LoginResult>>;
  signUp(fields: {
    email: string;
    password: string;
    name: string;
    requireName?: boolean;
  }): Promise<Outcome<LoginResult>>;
  signInWithPopup(provider: PopupProvider): Promise<PopupOutcome>;
  /** Account linking: sign in with the existing password, then attach the credential kept from the popup. */
  linkWithPassword(email: string, password: string): Promise<Outcome<LoginResult>>;
  sendPasswordRecovery(email: string): Promise<Outcome<void>>;
  /** `mode=resetPassword`: the email the link is for. */
  checkPasswordResetCode(code: string): Promise<Outcome<string>>;
  resetPassword(code: string, newPassword: string): Promise<Outcome<void>>;
  /** `mode=recoverEmail | verifyEmail | verifyAndChangeEmail | revertSecondFactorAddition`: check, then apply. */
  applyActionCode(code: string): Promise<Outcome<ActionCodeDetails>>;
  sendEmailVerification(): Promise<Outcome<void>>;
  sendEmailLink(email: string, continueUrl: string): Promise<Outcome<void>>;
  isEmailLink(url: string): boolean;
  /** The email that asked for the link in this browser, if any. */
  rememberedEmailForLink(): string | null;
  completeEmailLink(email: string, url: string): Promise<Outcome<LoginResult>>;
  sendPhoneCode(countryIso: string, typedNumber: string, verifierHost: string): Promise<Outcome<string>>;
  confirmPhoneCode(code: string): Promise<Outcome<LoginResult>>;
  logout(): Promise<Outcome<void>>;
}

export function createSignInActions(
  client: AuthClient,
  session: Session,
  storage: Storage | undefined = localStorageIfAllowed(),
): SignInActions {
  let pendingCredential: { email: string | null; credential: unknown } | null = null;

  const refused = (error: unknown, context: AuthErrorContext = 'other') => {
    const code = error instanceof AuthClientError ? error.code : 'unknown';
    const message = authErrorMessage(code, context);
    // The generic message hides the cause from the person; keep it for whoever debugs.
    if (!(error instanceof AuthClientError) || message === messages.somethingWentWrong)
      console.warn('Sign-in failed:', code, error);
    return fail(message, code);
  };
  async function attempt<T>(context: AuthErrorContext, run: () => Promise<T>): Promise<Outcome<T>> {
    try {
      return ok(await run());
    } catch (error) {
      return refused(error, context);
    }
  }
  // Without web storage the person types the email again on the link's page.
  const remember = storageSlot(storage, EMAIL_FOR_SIGN_IN_KEY);

  return {
    async checkEmail(email) {
      const invalid = validateEmail(email);
      if (invalid) return fail(invalid);
      return attempt('other', async (): Promise<EmailNext> => {
        const methods = await client.fetchSignInMethods(email.trim());
        if (methods.includes('password')) return { screen: 'password' };
        if (methods.includes('emailLink')) return { screen: 'password' };
        const other = methods.find((method) => method !== 'password' && method !== 'emailLink');
        if (other) return { screen: 'provider', providerId: other };
        return { screen: 'sign-up' };
      });
    },
    async signInWithPassword(email, password) {
      const invalid = validateEmail(email) ?? validatePassword(password);
      if (invalid) return fail(invalid);
      return attempt('password', async () =>
        session.completeLogin(await client.signInWithPassword(email.trim(), password)),
      );
    },
    async signUp({ email, password, name, requireName = false }) {
      const invalid = validateEmail(email) ?? validateName(name, requireName) ?? validateNewPassword(password);
      if (invalid) return fail(invalid);
      return attempt('sign-up', async () =>
        session.completeLogin(await client.signUp(email.trim(), password, name.trim() || undefined)),
      );
    },
    async signInWithPopup(provider) {
      try {
        return ok(await session.completeLogin(await client.signInWithPopup(provider)));
      } catch (error) {
        if (
          error instanceof AuthClientError &&
          error.code === 'auth/account-exists-with-different-credential' &&
          error.pending?.email
        ) {
          pendingCredential = error.pending;
          const methods = await client.fetchSignInMethods(error.pending.email).catch(() => []);
          return ok({ linking: { email: error.pending.email, providerId: methods[0] ?? 'password' } });
        }
        return refused(error);
      }
    },
    async linkWithPassword(email, password) {
      const invalid = validatePassword(password);
      if (invalid) return fail(invalid);
      const pending = pendingCredential;
      if (!pending) return fail(authErrorMessage('stream/pending-credential-lost'), 'stream/pending-credential-lost');
      return attempt('password', async () => {
        await client.signInWithPassword(email, password);
        const identity = await client.linkPendingCredential(pending.credential);
        pendingCredential = null;
        return session.completeLogin(identity);
      });
    },
    async sendPasswordRecovery(email) {
      const invalid = validateEmail(email);
      if (invalid) return fail(invalid);
      return attempt('other', () => client.sendPasswordResetEmail(email.trim()));
    },
    checkPasswordResetCode: (code) => attempt('other', () => client.verifyPasswordResetCode(code)),
    async resetPassword(code, newPassword) {
      const invalid = validateNewPassword(newPassword);
      if (invalid) return fail(invalid);
      return attempt('other', () => client.confirmPasswordReset(code, newPassword));
    },
    applyActionCode: (code) =>
      attempt('other', async () => {
        const details = await client.checkActionCode(code);
        await client.applyActionCode(code);
        return details;
      }),
    sendEmailVerification: () => attempt('other', () => client.sendEmailVerification()),
    async sendEmailLink(email, continueUrl) {
      const invalid = validateEmail(email);
      if (invalid) return fail(invalid);
      return attempt('other', async () => {
        await client.sendSignInLinkToEmail(email.trim(), continueUrl);
        remember.set(email.trim());
      });
    },
    isEmailLink: (url) => client.isSignInWithEmailLink(url),
    rememberedEmailForLink: () => remember.get(),
    async completeEmailLink(email, url) {
      const invalid = validateEmail(email);
      if (invalid) return fail(invalid);
      return attempt('other', async () => {
        const result = await session.completeLogin(await client.signInWithEmailLink(email.trim(), url));
        remember.remove();
        return result;
      });
    },
    async sendPhoneCode(countryIso, typedNumber, verifierHost) {
      // Loaded here, not with the actions: the country table stays out of the first page.
      const { toE164 } = await import('../validation/phone-number');
      const number = toE164(countryIso, typedNumber);
      if (!number.ok) return fail(number.message);
      return attempt('phone', async () => {
        await client.sendPhoneCode(number.e164, verifierHost);
        return number.e164;
      });
    },
    async confirmPhoneCode(code) {
      const invalid = validatePhoneCode(code);
      if (invalid) return fail(invalid);
      return attempt('phone', async () => session.completeLogin(await client.confirmPhoneCode(code.trim())));
    },
    logout: () => attempt('other', () => session.logout()),
  };
}
