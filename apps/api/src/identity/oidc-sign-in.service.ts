import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import type { DirectoryClaims } from './directory-claims';
import { OidcSignInError, type IdentityClaims, type OidcClient } from './oidc-client';
import { keepPendingSignIn, takePendingSignIn } from './oidc-login.repository';
import type { IssuedSession, SessionService } from './session.service';
import { signInPerson } from './sign-in-person';

export { SIGN_IN_MINUTES } from './oidc-login.repository';

export const UNKNOWN_STATE_MESSAGE =
  'This sign-in was not started here, has expired or was already used: start again from the sign-in page';

/**
 * Signs people in with OpenID Connect: begins at the provider, and at the callback finds the
 * person (by the provider's `sub`, then by a verified email) or makes one under the sign-up
 * policy, then starts a Stream session. A refusal changes nothing and issues nothing.
 */
export class OidcSignIn {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      client: OidcClient;
      sessions: SessionService;
      /** Throws AccountRefusedError for a person the instance turns away (disabled, the sign-up policy). */
      admit: (user: User, hint?: { directoryAdmin?: boolean }) => Promise<void>;
      /** Writes the person's row from their claims (name and email), in `db` (a transaction). */
      record: (user: User, db: Kysely<Database>) => Promise<unknown>;
      /** Admin by group, teams by group, quota: what the claims decide, at each sign-in. */
      directory?: Pick<DirectoryClaims, 'apply' | 'committed' | 'isAdmin'>;
    },
  ) {}

  async begin(redirectUri: string, nextPath: string): Promise<{ url: URL; state: string }> {
    const { url, pending } = await this.deps.client.begin(redirectUri);
    await keepPendingSignIn(this.deps.db, pending, nextPath);
    return { url, state: pending.state };
  }

  /** The callback: the session for the person the provider vouches for, and where to land. */
  async finish(state: string, query: URLSearchParams): Promise<{ session: IssuedSession; nextPath: string }> {
    const taken = await takePendingSignIn(this.deps.db, state);
    if (!taken) throw new OidcSignInError(UNKNOWN_STATE_MESSAGE);
    const claims = await this.deps.client.finish(taken.pending, query);
    const user = await this.person(claims);
    const session = await this.deps.sessions.start(
      {
        uid: user.uid,
        email: user.email,
        emailVerified: user.emailVerified === true,
        name: user.name,
      },
      { idToken: claims.idToken },
    );
    return { session, nextPath: taken.nextPath };
  }

  /** The person `claims` name, made or updated, once the gate lets them in. */
  private person(claims: IdentityClaims): Promise<User> {
    return signInPerson(this.deps, claims, { source: 'oidc', refuse: (message) => new OidcSignInError(message) });
  }
}
