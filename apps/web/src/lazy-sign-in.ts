import type { AuthClient, Session, SignInActions } from '@stream/auth';

/**
 * The sign-in actions, loaded on first use (the /login and /profile loaders), so the first page of
 * a signed-in visit carries none of the widget's validation, messages and provider calls. A
 * module of the app's own, as recordings-for.ts, so the entry's chunk keeps its shared code.
 */
export function lazySignIn(client: AuthClient, session: Session, storage?: Storage): () => Promise<SignInActions> {
  let loading: Promise<SignInActions> | undefined;
  return () =>
    (loading ??= import('./sign-in-for').then(
      (lib) => lib.signInFor(client, session, storage),
      (error: unknown) => {
        loading = undefined; // a chunk that failed to load is asked for again next time
        throw error;
      },
    ));
}
