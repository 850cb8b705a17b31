import { createSignInActions, type AuthClient, type Session, type SignInActions } from '@stream/auth';

/** The sign-in widget's actions (validation, the provider's calls, messages): loaded with /login or /profile. */
export const signInFor = (client: AuthClient, session: Session, storage?: Storage): SignInActions =>
  createSignInActions(client, session, storage);
