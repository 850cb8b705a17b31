import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { userOfClaims } from '../platform/auth/token-verifier';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import type { DirectoryClaims } from './directory-claims';
import type { TeamChange } from './directory-teams';
import { OidcSignInError, type IdentityClaims, type OidcClient } from './oidc-client';
import { keepPendingSignIn, takePendingSignIn } from './oidc-login.repository';
import { linkPerson, personByEmail, personByExternalId } from './person-link.repository';
import { unlinkedPersonByScimId } from './scim.repository';
import type { IssuedSession, SessionService } from './session.service';

export { SIGN_IN_MINUTES } from './oidc-login.repository';

export const UNKNOWN_STATE_MESSAGE =
  'This sign-in was not started here, has expired or was already used: start again from the sign-in page';
export const unverifiedCollisionMessage = (email: string) =>
  `An account with ${email} already exists here, and your identity provider does not say that this address is verified: ` +
  'ask your admin to verify it at the provider, then sign in again';

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
  private async person(claims: IdentityClaims): Promise<User> {
    const { db } = this.deps;
    const linked = await personByExternalId(db, claims.issuer, claims.sub);
    let uid = linked?.uid;
    let link = false;
    // A person the directory made (SCIM) before their first sign-in, when the provider's `sub` is its externalId.
    if (!uid) {
      const provisioned = await unlinkedPersonByScimId(db, claims.sub);
      if (provisioned) [uid, link] = [provisioned.uid, true];
    }
    if (!uid && claims.email) {
      const holder = await personByEmail(db, claims.email);
      if (holder && !claims.emailVerified) throw new OidcSignInError(unverifiedCollisionMessage(claims.email));
      // A verified address joins this provider's identity to the person who already has it,
      // unless that person is already someone else at this provider.
      if (holder && holder.external_issuer === claims.issuer && holder.external_id !== null)
        throw new OidcSignInError(
          `${claims.email} already belongs to another account of this identity provider: ask your admin`,
        );
      if (holder) [uid, link] = [holder.uid, true];
    }
    const newcomer = uid === undefined;
    // The same cleaning as a Firebase ID token's claims (a name anyone can set at their provider).
    const { expiresAt: _unused, ...user } = userOfClaims({
      uid: uid ?? `oidc_${randomBytes(15).toString('base64url')}`,
      exp: 0,
      email: claims.email,
      email_verified: claims.emailVerified,
      name: claims.name,
    });
    // In an admin group: let in as an admin would be, whatever the sign-up policy.
    await this.deps.admit(user, { directoryAdmin: this.deps.directory?.isAdmin(claims.all ?? {}) });
    let changes: TeamChange[] = [];
    await db.transaction().execute(async (trx) => {
      await this.deps.record(user, trx);
      if (newcomer || link) await linkPerson(trx, user.uid, { issuer: claims.issuer, sub: claims.sub, newcomer });
      changes = (await this.deps.directory?.apply(trx, user.uid, claims.all ?? {})) ?? [];
    });
    await this.deps.directory?.committed(user.uid, changes);
    return user;
  }
}
