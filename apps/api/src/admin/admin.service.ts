import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import * as admin from './admin.repository';
import type { Database } from '../platform/db/schema';
import type { AccountGate } from '../access';
import type { Branding } from './branding';
import type { BrandingService } from './branding.service';
import { DOMAIN, MAX_DOMAINS, type AuditEntry, type InstanceTotals, type Person } from './admin';
import type { SignUpPolicy } from '../access';
import { refuseKeyCallers } from '../api-keys';
import { writeSignUpPolicy } from '../accounts';
import { AppError } from '../platform/app-error';
import { publishRevocation } from '../access';

export interface AdminDeps {
  db: Kysely<Database>;
  gate: AccountGate;
  branding: BrandingService;
  /** DEFAULT_QUOTA_BYTES; undefined: unlimited. */
  defaultQuotaBytes?: number;
  /** The token SCIM takes (identity's ScimTokens): /admin shows whether it is on and rotates it. */
  scimTokens?: {
    status(): Promise<{ enabled: boolean; rotatedAt?: Date }>;
    rotate(byUid: string): Promise<string>;
  };
}

/** The largest quota one can set: int8 holds more, JavaScript's numbers do not hold it exactly. */
export const MAX_QUOTA_BYTES = Number.MAX_SAFE_INTEGER;

/**
 * The operator's admin: people and their storage, disabling, quotas, the sign-up
 * policy, totals. Every method asks `requireAdmin` first (permission_denied for anyone else),
 * and every change writes an audit entry in the same transaction.
 */
export class AdminService {
  constructor(private readonly deps: AdminDeps) {}

  isAdmin(user: User): Promise<boolean> {
    return this.deps.gate.isAdmin(user);
  }

  private async requireAdmin(user: User): Promise<void> {
    refuseKeyCallers(user);
    if (!(await this.deps.gate.isAdmin(user)))
      throw new AppError('permission_denied', 'Only an admin of this Stream can do that');
  }

  async listPeople(caller: User): Promise<Person[]> {
    await this.requireAdmin(caller);
    const rows = await admin.listPeople(this.deps.db);
    return Promise.all(rows.map((row) => this.toPerson(row)));
  }

  async setDisabled(caller: User, uid: string, disabled: boolean): Promise<Person> {
    await this.requireAdmin(caller);
    if (disabled && uid === caller.uid)
      throw new AppError('failed_precondition', 'You cannot disable yourself: another admin can');
    await this.applyDisabled(actor(caller), uid, disabled);
    return this.person(uid);
  }

  /**
   * The organisation's directory (SCIM) disabling or enabling `uid`: the very path an admin's
   * disabling takes, audited under `actorLabel` (no person is the caller).
   */
  async setDisabledByDirectory(actorLabel: string, uid: string, disabled: boolean): Promise<void> {
    await this.applyDisabled({ actorUid: '', actorEmail: actorLabel }, uid, disabled);
  }

  /** Refused at once from the next call on; a disabled person's open live streams end now. */
  private async applyDisabled(by: { actorUid: string; actorEmail: string }, uid: string, disabled: boolean) {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await admin.setDisabled(trx, uid, disabled))) throw noPerson(uid);
      await admin.writeAudit(trx, { ...by, action: disabled ? 'person.disable' : 'person.enable', targetUid: uid });
    });
    this.deps.gate.remember(uid, disabled);
    if (disabled) await publishRevocation(this.deps.db, { kind: 'person', uid });
  }

  /** Sets (or, `quotaBytes` undefined, clears) `uid`'s quota; `overQuota`: they already store more. */
  async setQuota(
    caller: User,
    uid: string,
    quotaBytes: number | undefined,
  ): Promise<{ person: Person; overQuota: boolean }> {
    await this.requireAdmin(caller);
    if (quotaBytes !== undefined && (!Number.isSafeInteger(quotaBytes) || quotaBytes < 0))
      throw new AppError('invalid_argument', `A quota is a whole number of bytes from 0 to ${MAX_QUOTA_BYTES}`);
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await admin.findPerson(trx, uid);
      if (!before || !(await admin.setQuota(trx, uid, quotaBytes))) throw noPerson(uid);
      await admin.writeAudit(trx, {
        ...actor(caller),
        action: 'person.quota',
        targetUid: uid,
        detail: `quota ${before.quotaBytes ?? 'default'} -> ${quotaBytes ?? 'default'} bytes`,
      });
    });
    const person = await this.person(uid);
    const limit = person.effectiveQuotaBytes;
    return { person, overQuota: limit !== undefined && person.usedBytes > limit };
  }

  async signUpPolicy(caller: User): Promise<SignUpPolicy> {
    await this.requireAdmin(caller);
    return this.deps.gate.policy();
  }

  async setSignUpPolicy(caller: User, policy: SignUpPolicy): Promise<SignUpPolicy> {
    await this.requireAdmin(caller);
    const checked = checkPolicy(policy);
    await this.deps.db.transaction().execute(async (trx) => {
      await writeSignUpPolicy(trx, checked);
      await admin.writeAudit(trx, {
        ...actor(caller),
        action: 'sign_up.policy',
        detail: checked.mode === 'domains' ? `domains: ${checked.domains.join(', ')}` : checked.mode,
      });
    });
    return checked;
  }

  async totals(caller: User): Promise<InstanceTotals> {
    await this.requireAdmin(caller);
    const [counts, jobs] = await Promise.all([admin.totals(this.deps.db), admin.jobCounts(this.deps.db)]);
    return { ...counts, jobsWaiting: jobs.waiting, jobsFailed: jobs.failed };
  }

  async auditLog(caller: User, limit: number): Promise<AuditEntry[]> {
    await this.requireAdmin(caller);
    const rows = await admin.listAudit(this.deps.db, Math.min(Math.max(limit || 200, 1), 200));
    return rows.map((row) => ({
      id: Number(row.id),
      at: row.at,
      actorUid: row.actor_uid,
      actorEmail: row.actor_email,
      action: row.action,
      targetUid: row.target_uid,
      detail: row.detail,
    }));
  }

  /** Sets the instance's branding (checked by the branding service), written to the audit log. */
  async setBranding(caller: User, branding: Branding): Promise<Branding> {
    await this.requireAdmin(caller);
    return this.deps.db.transaction().execute(async (trx) => {
      const saved = await this.deps.branding.save(trx, branding);
      await admin.writeAudit(trx, {
        ...actor(caller),
        action: 'branding.set',
        detail: `name "${saved.productName}", logo ${saved.logoUrl || 'none'}, accent ${saved.accentColor || 'default'}`,
      });
      return saved;
    });
  }

  async scimStatus(caller: User): Promise<{ enabled: boolean; rotatedAt?: Date }> {
    await this.requireAdmin(caller);
    return (await this.deps.scimTokens?.status()) ?? { enabled: false };
  }

  /** A fresh SCIM token, the only one accepted from now on; audited (never the token itself). */
  async rotateScimToken(caller: User): Promise<string> {
    await this.requireAdmin(caller);
    const scim = this.deps.scimTokens;
    if (!scim) throw new AppError('failed_precondition', 'This server has no SCIM provisioning');
    const token = await scim.rotate(caller.uid);
    await admin.writeAudit(this.deps.db, { ...actor(caller), action: 'scim.token.rotate' });
    return token;
  }

  private async person(uid: string): Promise<Person> {
    const row = await admin.findPerson(this.deps.db, uid);
    if (!row) throw noPerson(uid);
    return this.toPerson(row);
  }

  private async toPerson(row: admin.PersonRow): Promise<Person> {
    const effective = row.quotaBytes ?? this.deps.defaultQuotaBytes;
    return {
      ...row,
      ...(effective === undefined ? {} : { effectiveQuotaBytes: effective }),
      // Who ADMIN_EMAILS names (or an OIDC_ADMIN_GROUPS group made admin, or the first account); their calls still need the address verified.
      admin: await this.deps.gate.isAdmin({ uid: row.uid, email: row.email, emailVerified: true }),
    };
  }
}

const actor = (user: User) => ({ actorUid: user.uid, actorEmail: user.email ?? '' });
const noPerson = (uid: string) => new AppError('not_found', `Nobody with uid ${uid} has signed in here`);

/** The policy with its domains lowercased, checked and deduplicated; invalid_argument otherwise. */
function checkPolicy(policy: SignUpPolicy): SignUpPolicy {
  if (policy.mode !== 'domains') return policy;
  const domains = [...new Set(policy.domains.map((domain) => domain.trim().toLowerCase().replace(/^@/, '')))];
  if (domains.length === 0)
    throw new AppError('invalid_argument', 'Name at least one email domain, such as example.com');
  if (domains.length > MAX_DOMAINS) throw new AppError('invalid_argument', `At most ${MAX_DOMAINS} domains`);
  const wrong = domains.find((domain) => !DOMAIN.test(domain));
  if (wrong !== undefined) throw new AppError('invalid_argument', `Not an email domain: ${wrong.slice(0, 100)}`);
  return { mode: 'domains', domains };
}
