import { useState } from 'react';
import { AuthClientError } from '../firebase/auth-client';
import { authErrorMessage, messages } from '../validation/messages';
import { validateNewPassword, validatePassword } from '../validation/rules';
import type { Session } from './session-store';
import { useSession } from './use-session';

/** A wrong current password is said as such (Firebase's own code reads like a wrong email too). */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';

type Outcome = { ok: true } | { ok: false; message: string } | null;

const failureMessage = (error: unknown) => {
  const code = error instanceof AuthClientError ? error.code : 'auth/internal-error';
  if (code === 'auth/wrong-password' || code === 'auth/invalid-credential' || code === 'auth/invalid-login-credentials')
    return WRONG_CURRENT_PASSWORD;
  return authErrorMessage(code, 'password') ?? messages.somethingWentWrong;
};

/**
 * /settings' Account part: the email and whether it is verified, "Resend verification",
 * the sign-in methods linked, and a password change that signs in again with the current password.
 */
export function useAccountSecurity(session: Session) {
  useSession(session); // re-render when the identity changes
  const identity = session.identity();
  const [verification, setVerification] = useState<Outcome>(null);
  const [password, setPassword] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  return {
    email: identity?.email ?? '',
    emailVerified: identity?.emailVerified ?? false,
    providers: identity?.providerIds ?? [],
    hasPassword: identity?.providerIds.includes('password') ?? false,
    verification,
    onResendVerification: async () => {
      try {
        await session.client.sendEmailVerification();
        setVerification({ ok: true });
      } catch (error) {
        setVerification({ ok: false, message: failureMessage(error) });
      }
    },
    passwordBusy: busy,
    password,
    onChangePassword: async (currentPassword: string, newPassword: string) => {
      const invalid = validatePassword(currentPassword) ?? validateNewPassword(newPassword);
      if (invalid) return setPassword({ ok: false, message: invalid });
      setBusy(true);
      try {
        await session.client.changePassword(currentPassword, newPassword);
        setPassword({ ok: true });
      } catch (error) {
        setPassword({ ok: false, message: failureMessage(error) });
      } finally {
        setBusy(false);
      }
    },
    /** Shows the new name at once (the top bar) and in the next ID token. */
    rename: (displayName: string) => session.client.updateDisplayName(displayName),
  };
}
