import { useState } from 'react';
import type { SignInActions } from '../sign-in/sign-in-actions';
import { messages } from '../validation/messages';
import type { Session } from './session-store';
import { useSession } from './use-session';

/**
 * The signed-in person as the profile page shows them (`@stream/ui`'s `ProfileCard` props): the
 * identity provider's record (verified flag, dates) with the session's user as the fallback, and
 * "Send verification email" with what came of it.
 */
export function useProfile(session: Session, signIn: Pick<SignInActions, 'sendEmailVerification'>) {
  const { user } = useSession(session);
  const [verification, setVerification] = useState<{ sent: true } | { sent: false; message: string } | null>(null);
  const identity = session.identity();
  return {
    name: identity?.displayName ?? user?.name,
    email: identity?.email ?? user?.email,
    photoURL: identity?.photoURL ?? user?.photoURL,
    emailVerified: identity?.emailVerified ?? false,
    creationTime: identity?.creationTime,
    lastSignInTime: identity?.lastSignInTime,
    verification,
    onSendVerification: async () => {
      const outcome = await signIn.sendEmailVerification();
      setVerification(
        outcome.ok ? { sent: true } : { sent: false, message: outcome.message ?? messages.somethingWentWrong },
      );
    },
  };
}
