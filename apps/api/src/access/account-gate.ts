import { AccountRefusedError } from './account-refused';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { User } from '../platform/auth/user';
import { adminRepository as admin } from '../admin';
import { wasDeleted } from '../accounts';
import { InstanceAdmins } from '../admin';
import { maySignUp, type SignUpPolicy } from './policy';
import { readSignUpPolicy } from '../accounts';

export const DISABLED_MESSAGE = 'This account is disabled: ask an admin of this Stream to enable it';
export const DELETED_MESSAGE = 'This account was deleted: sign in again to start a new one';
export const SIGN_UP_REFUSED_MESSAGE = 'This Stream does not take new accounts like yours: ask its admin for an invite';

export type Admission = 'person' | 'invitee';

/** How long a person's standing (disabled or not) is believed by a process other than the admin's. */
const STANDING_MS = 5_000;

/**
 * Who may use the API: a disabled person is refused; someone signing in for the first
 * time is let in by the sign-up policy. Standing is read from the users table and believed for
 * a few seconds; the admin's own process forgets it at once when it changes.
 */
export class AccountGate {
  private readonly standing = new Map<string, { disabled: boolean; at: number }>();
  private readonly admins: InstanceAdmins;

  constructor(private readonly deps: ConstructorParameters<typeof InstanceAdmins>[0]) {
    this.admins = new InstanceAdmins(deps);
  }

  /**
   * Throws AccountRefusedError when `user` may not use the API now. `invitee`: a newcomer let in
   * only to accept an invite, who must not be recorded as a person unless that succeeds.
   * `directoryAdmin`: signing in by OpenID Connect in an admin group, let in as an admin would be.
   */
  async admit(user: User, options: { acceptingInvite: boolean; directoryAdmin?: boolean }): Promise<Admission> {
    const known = this.standing.get(user.uid);
    if (known && Date.now() - known.at < STANDING_MS) {
      if (known.disabled) throw new AccountRefusedError(DISABLED_MESSAGE);
      return 'person';
    }
    const row = await admin.standing(this.deps.db, user.uid);
    if (row) {
      this.remember(user.uid, row.disabled);
      if (row.disabled) throw new AccountRefusedError(DISABLED_MESSAGE);
      return 'person';
    }
    // A token signed before its account was deleted stays valid for up to an hour: it must not
    // make a bare row for a person who asked to be forgotten.
    if (await wasDeleted(this.deps.db, user.uid)) throw new AccountRefusedError(DELETED_MESSAGE);
    const policy = await readSignUpPolicy(this.deps.db);
    // An address counts only once its owner proved it: anyone can sign up with any address.
    // `directoryAdmin`: an OIDC_ADMIN_GROUPS group's member, whose row (and so the fact) is not written yet.
    const asAdmin = options.directoryAdmin === true || (await this.isAdmin(user));
    const newcomer = { email: user.emailVerified ? user.email : undefined, admin: asAdmin };
    if (maySignUp(policy, { ...newcomer, acceptingInvite: false })) return 'person';
    if (options.acceptingInvite && maySignUp(policy, { ...newcomer, acceptingInvite: true })) return 'invitee';
    throw new AccountRefusedError(SIGN_UP_REFUSED_MESSAGE);
  }

  /** Named in ADMIN_EMAILS (a verified address), in an OIDC_ADMIN_GROUPS group, or (outside production, both unset) the first to sign in. */
  isAdmin(user: User): Promise<boolean> {
    return this.admins.isAdmin(user);
  }

  /** `uid`'s standing changed in this process: believed from now on. */
  remember(uid: string, disabled: boolean): void {
    this.standing.set(uid, { disabled, at: Date.now() });
    if (this.standing.size > 10_000) this.standing.delete(this.standing.keys().next().value!);
  }

  /** `uid`'s account is gone: its standing is read again (and refused) from the next call on. */
  forget(uid: string): void {
    this.standing.delete(uid);
  }

  policy(): Promise<SignUpPolicy> {
    return readSignUpPolicy(this.deps.db);
  }
}

/**
 * `verifier`, letting through only the people `gate` admits: for the HTTP routes (uploads, tus,
 * streams), where nobody accepts an invite, so a newcomer under an invite-only policy is refused.
 */
export function admittedUsers(verifier: TokenVerifier, gate: AccountGate): TokenVerifier {
  return {
    async verify(token) {
      const user = await verifier.verify(token);
      await gate.admit(user, { acceptingInvite: false });
      return user;
    },
    close: () => verifier.close(),
  };
}
