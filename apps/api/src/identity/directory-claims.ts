import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { publishRevocation } from '../access';
import type { Database } from '../platform/db/schema';
import type { TeamGroup } from './directory-settings';
import { applyTeamGroups, type TeamChange } from './directory-teams';

/** A groups claim longer than this is cut to its first entries (a token rarely holds more than 200). */
export const MAX_GROUPS = 1000;
/** A group name longer than this is no group of ours: left out. */
export const MAX_GROUP_LENGTH = 256;
/** The largest quota a claim may set: as admin's SetPersonQuota (int8 holds more, a JavaScript number does not). */
const MAX_QUOTA_BYTES = Number.MAX_SAFE_INTEGER;

export interface DirectorySettings {
  /** OIDC_GROUPS_CLAIM. */
  groupsClaim: string;
  adminGroups?: readonly string[];
  teamGroups?: readonly TeamGroup[];
  quotaClaim?: string;
  /** Which sign-in the log's warnings name (default "OpenID Connect sign-in"). */
  label?: string;
}

type Warn = Pick<Logger, 'warn'>;

/**
 * The claim `path` names: the key itself (a URL such as `https://example.com/groups` is one
 * key), else a dotted path into objects (`realm_access.roles`, as Keycloak nests roles).
 */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The groups a claim holds: an array of strings or one string. Anything else is no group (said
 * in the log, the sign-in goes on); entries that are not strings, blank or too long are left
 * out, and a list longer than MAX_GROUPS is cut. Names are kept exactly as the provider wrote
 * them (compared, never shown as HTML).
 */
export function groupsOf(value: unknown, warn?: (message: string) => void): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? (value as unknown[]) : undefined;
  if (!list) {
    warn?.(`the groups claim is a ${typeof value}, not a list of group names: taken as no groups`);
    return [];
  }
  if (list.length > MAX_GROUPS)
    warn?.(`the groups claim names ${list.length} groups: only the first ${MAX_GROUPS} count`);
  return list
    .slice(0, MAX_GROUPS)
    .filter(
      (group): group is string => typeof group === 'string' && group.trim() !== '' && group.length <= MAX_GROUP_LENGTH,
    );
}

/**
 * A quota claim in bytes: a whole number from 0 to MAX_SAFE_INTEGER, or such a number written as
 * a string. Anything else answers undefined (with a warning): the quota is left as it was.
 */
export function quotaOf(value: unknown, warn?: (message: string) => void): number | undefined {
  if (value === undefined || value === null) return undefined;
  const bytes =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (Number.isSafeInteger(bytes) && bytes >= 0 && bytes <= MAX_QUOTA_BYTES) return bytes;
  const shown = JSON.stringify(value)?.slice(0, 40) ?? typeof value;
  warn?.(
    `the quota claim ${shown} is not a whole number of bytes from 0 to ${MAX_QUOTA_BYTES}: the quota is left as it was`,
  );
  return undefined;
}

/**
 * What a person's directory says of them, applied at each OpenID Connect or SAML sign-in (so a change
 * there reaches Stream at the person's next sign-in): instance admin by OIDC_ADMIN_GROUPS, team
 * memberships by OIDC_TEAM_GROUPS, storage quota by OIDC_QUOTA_CLAIM. Each part is off unless its
 * setting is set; a claim of the wrong shape is said in the log and never fails the sign-in.
 */
export class DirectoryClaims {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      settings: DirectorySettings;
      /** Told when a team's signed URLs were revoked, so this process stops honouring them at once. */
      generations?: { forgetAll(): void };
      log?: Warn;
    },
  ) {}

  /** Whether `claims` put the person in one of OIDC_ADMIN_GROUPS (undefined: that setting is unset). */
  isAdmin(claims: Record<string, unknown>): boolean | undefined {
    const { adminGroups, groupsClaim } = this.deps.settings;
    if (!adminGroups?.length) return undefined;
    const groups = new Set(groupsOf(claimAt(claims, groupsClaim)));
    return adminGroups.some((group) => groups.has(group));
  }

  /** Applies `claims` to `uid` in `db` (the sign-in's transaction); answers the team changes made. */
  async apply(db: Kysely<Database>, uid: string, claims: Record<string, unknown>): Promise<TeamChange[]> {
    const { settings, log } = this.deps;
    const label = settings.label ?? 'OpenID Connect sign-in';
    const warn = (message: string) => log?.warn({ uid }, `${label}: ${message}`);
    const groups = new Set(groupsOf(claimAt(claims, settings.groupsClaim), warn));
    const quota = settings.quotaClaim ? quotaOf(claimAt(claims, settings.quotaClaim), warn) : undefined;
    const set: { directory_admin?: boolean; quota_bytes?: number } = {};
    const admin = this.isAdmin(claims);
    if (admin !== undefined) set.directory_admin = admin;
    if (quota !== undefined) set.quota_bytes = quota;
    if (Object.keys(set).length) await db.updateTable('users').set(set).where('uid', '=', uid).execute();
    if (!settings.teamGroups?.length) return [];
    return applyTeamGroups(db, uid, settings.teamGroups, groups, warn);
  }

  /** Once `apply`'s transaction committed: live streams look at the person again, revoked links are forgotten. */
  async committed(uid: string, changes: readonly TeamChange[]): Promise<void> {
    if (changes.length === 0) return;
    if (changes.some((one) => one.change === 'left')) this.deps.generations?.forgetAll();
    await publishRevocation(this.deps.db, { kind: 'person', uid });
  }
}
