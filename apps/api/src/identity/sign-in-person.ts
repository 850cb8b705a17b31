import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { userOfClaims } from '../platform/auth/token-verifier';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import type { DirectoryClaims } from './directory-claims';
import type { TeamChange } from './directory-teams';
import { linkPerson, personByEmail, personByExternalId } from './person-link.repository';
import { unlinkedPersonByScimId } from './scim.repository';

export const unverifiedCollisionMessage = (email: string) =>
  `An account with ${email} already exists here, and your identity provider does not say that this address is verified: ` +
  'ask your admin to verify it at the provider, then sign in again';

/** Who an identity provider (OpenID Connect or SAML) vouches for, as Stream reads it. */
export interface VouchedPerson {
  /** The provider's id: an OpenID Connect issuer, a SAML IdP's entity id. */
  issuer: string;
  /** Its lasting id of the person there: OpenID Connect's `sub`, SAML's NameID. */
  sub: string;
  email?: string | undefined;
  emailVerified: boolean;
  name?: string | undefined;
  /** Every claim (attribute), for what the directory settings name (identity/directory-claims.ts). */
  all?: Record<string, unknown>;
}

export interface SignInPersonDeps {
  db: Kysely<Database>;
  /** Throws AccountRefusedError for a person the instance turns away (disabled, the sign-up policy). */
  admit: (user: User, hint?: { directoryAdmin?: boolean }) => Promise<void>;
  /** Writes the person's row from their claims (name and email), in `db` (a transaction). */
  record: (user: User, db: Kysely<Database>) => Promise<unknown>;
  /** Admin by group, teams by group, quota: what the claims decide, at each sign-in. */
  directory?: Pick<DirectoryClaims, 'apply' | 'committed' | 'isAdmin'> | undefined;
}

/**
 * The person `claims` name, made or updated once the gate lets them in: found by the provider's
 * id of them, then as a person the directory (SCIM) made with that externalId, then by a verified
 * email; else a newcomer of `source`. A refusal (`refuse`'s error, or the gate's) changes nothing.
 */
export async function signInPerson(
  deps: SignInPersonDeps,
  claims: VouchedPerson,
  how: { source: 'oidc' | 'saml'; refuse: (message: string) => Error },
): Promise<User> {
  const { db } = deps;
  const linked = await personByExternalId(db, claims.issuer, claims.sub);
  let uid = linked?.uid;
  let link = false;
  // A person the directory made (SCIM) before their first sign-in, when the provider's id is its externalId.
  if (!uid) {
    const provisioned = await unlinkedPersonByScimId(db, claims.sub);
    if (provisioned) [uid, link] = [provisioned.uid, true];
  }
  if (!uid && claims.email) {
    const holder = await personByEmail(db, claims.email);
    if (holder && !claims.emailVerified) throw how.refuse(unverifiedCollisionMessage(claims.email));
    // A verified address joins this provider's identity to the person who already has it,
    // unless that person is already someone else at this provider.
    if (holder && holder.external_issuer === claims.issuer && holder.external_id !== null)
      throw how.refuse(`${claims.email} already belongs to another account of this identity provider: ask your admin`);
    if (holder) [uid, link] = [holder.uid, true];
  }
  const newcomer = uid === undefined;
  // The same cleaning as a Firebase ID token's claims (a name anyone can set at their provider).
  const { expiresAt: _unused, ...user } = userOfClaims({
    uid: uid ?? `${how.source}_${randomBytes(15).toString('base64url')}`,
    exp: 0,
    email: claims.email,
    email_verified: claims.emailVerified,
    name: claims.name,
  });
  // In an admin group: let in as an admin would be, whatever the sign-up policy.
  await deps.admit(user, { directoryAdmin: deps.directory?.isAdmin(claims.all ?? {}) });
  let changes: TeamChange[] = [];
  await db.transaction().execute(async (trx) => {
    await deps.record(user, trx);
    if (newcomer || link)
      await linkPerson(trx, user.uid, { issuer: claims.issuer, sub: claims.sub, newcomer, source: how.source });
    changes = (await deps.directory?.apply(trx, user.uid, claims.all ?? {})) ?? [];
  });
  await deps.directory?.committed(user.uid, changes);
  return user;
}
