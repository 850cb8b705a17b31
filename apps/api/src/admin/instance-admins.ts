import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { User } from '../platform/auth/user';
import * as admin from './admin.repository';
import type { Database } from '../platform/db/schema';
import { isInstanceAdmin } from '../access';

/** Where the uid of the development instance's first admin is kept once chosen. */
const FIRST_ADMIN_SETTING = 'first_sign_in_admin';

/**
 * Who the admins of /admin are. Production names them in ADMIN_EMAILS, or by directory group in
 * OIDC_ADMIN_GROUPS (platform/startup/deployment-rules.ts refuses to start with neither): a
 * member of one of those groups at their last OpenID Connect sign-in is an admin
 * (`users.directory_admin`, written at each sign-in by identity/directory-claims.ts), and stops
 * being one at the first sign-in after they left it. Outside production with both unset (`npm start`
 * on a laptop), the first person to sign in becomes the admin, and that choice is written to the
 * database once: every process reads the same answer, and deleting that person promotes nobody
 * (set ADMIN_EMAILS to name another).
 */
export class InstanceAdmins {
  private firstAdmin?: string;
  private readonly warned = new Set<string>();

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      adminEmails?: readonly string[];
      /** Whether, without ADMIN_EMAILS, the first person to sign in becomes the admin (never in production). */
      firstSignInAdmin: boolean;
      /** OIDC_ADMIN_GROUPS is set: people its groups made admins at their last sign-in are admins. */
      directoryAdmins?: boolean;
      log?: Pick<Logger, 'warn'>;
    },
  ) {}

  /**
   * Named in ADMIN_EMAILS with a verified address, in an admin group of OIDC_ADMIN_GROUPS, or
   * (outside production, both unset) the first person to sign in.
   */
  async isAdmin(user: User): Promise<boolean> {
    const { adminEmails, directoryAdmins } = this.deps;
    if (adminEmails) {
      const named = isInstanceAdmin({ email: user.email, isFirstAccount: false }, adminEmails);
      if (named && !user.emailVerified) this.warnUnverified(user);
      if (named && user.emailVerified === true) return true;
    }
    if (directoryAdmins) return admin.isDirectoryAdmin(this.deps.db, user.uid);
    if (adminEmails || !this.deps.firstSignInAdmin) return false;
    return (await this.firstSignIn(user.uid)) === user.uid;
  }

  /** The uid chosen once: an existing database's oldest person, else `uid`, who is signing in first. */
  private async firstSignIn(uid: string): Promise<string> {
    if (this.firstAdmin) return this.firstAdmin;
    const chosen = (await admin.readSetting(this.deps.db, FIRST_ADMIN_SETTING)) as { uid?: string } | undefined;
    if (chosen?.uid) return (this.firstAdmin = chosen.uid);
    const candidate = (await admin.firstPerson(this.deps.db)) ?? uid;
    // Two processes (or two first sign-ins) may race here: the first write wins, and both read it back.
    await admin.insertSettingIfAbsent(this.deps.db, FIRST_ADMIN_SETTING, { uid: candidate });
    const written = (await admin.readSetting(this.deps.db, FIRST_ADMIN_SETTING)) as { uid: string };
    return (this.firstAdmin = written.uid);
  }

  /** Said once per person and process: otherwise the operator is refused /admin with no reason anywhere. */
  private warnUnverified(user: User): void {
    if (this.warned.has(user.uid)) return;
    this.warned.add(user.uid);
    this.deps.log?.warn(
      { uid: user.uid, email: user.email },
      `${user.email} is in ADMIN_EMAILS but its sign-in has an unverified email address: not an admin until the address is verified (with the identity provider, e.g. Firebase's verification mail)`,
    );
  }
}
