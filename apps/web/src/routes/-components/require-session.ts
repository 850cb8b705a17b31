import type { Session } from '@stream/auth';
import { redirect } from '@tanstack/react-router';

/**
 * The guard of every protected route: signed out, go to /login replacing the history entry, and
 * remember where the user was headed. Not authorisation: the server decides every access.
 */
export function requireSession(session: Session, location: { href: string }) {
  if (!session.isSignedIn()) {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
}
