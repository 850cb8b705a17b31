import { ConnectError } from '@connectrpc/connect';
import { validDisplayText } from '@stream/proto';
import { z } from 'zod';

/** Team roles as the teams feature names them (teams/team.table.ts). */
export type DirectoryRole = 'owner' | 'admin' | 'member';
const ROLES: readonly DirectoryRole[] = ['owner', 'admin', 'member'];

/** The same limit as a team named by hand (teams/team.ts, MAX_TEAM_NAME_LENGTH). */
const MAX_TEAM_NAME_LENGTH = 100;

/** One line of OIDC_TEAM_GROUPS: people in `group` belong to the team `team` with `role`. */
export interface TeamGroup {
  group: string;
  team: string;
  role: DirectoryRole;
}

/**
 * OIDC_TEAM_GROUPS: `group=Team name:role` entries separated by `;` (role `owner`, `admin` or
 * `member`; `:member` may be left out). The group is everything before the last `=` of an entry,
 * so an LDAP DN (`cn=eng,ou=groups=Engineering:member`) is a group too. Team names get the rule of
 * a team created by hand (trimmed, one visible line, at most 100 characters); a mistake throws a
 * message that names the entry.
 */
export function parseTeamGroups(value: string): TeamGroup[] {
  const entries = value
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const eq = entry.lastIndexOf('=');
    if (eq <= 0)
      throw new Error(
        `"${entry}" is not group=Team name:role (e.g. engineering=Engineering:member; entries split by ;)`,
      );
    const group = entry.slice(0, eq).trim();
    let rest = entry.slice(eq + 1);
    let role: DirectoryRole = 'member';
    const colon = rest.lastIndexOf(':');
    if (colon >= 0) {
      const named = rest
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (!ROLES.includes(named as DirectoryRole))
        throw new Error(`"${entry}": the role "${named}" is not one of ${ROLES.join(', ')}`);
      role = named as DirectoryRole;
      rest = rest.slice(0, colon);
    }
    if (!group) throw new Error(`"${entry}": the group is missing before =`);
    let team: string;
    try {
      team = validDisplayText('the team name', rest, { maxLength: MAX_TEAM_NAME_LENGTH });
    } catch (error) {
      throw new Error(`"${entry}": ${error instanceof ConnectError ? error.rawMessage : String(error)}`);
    }
    return { group, team, role };
  });
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/**
 * The claims an OpenID Connect sign-in applies to the person (identity/directory-claims.ts),
 * spread into config.ts's schema beside the other OIDC_* settings.
 */
export const directorySettings = {
  /** The ID token claim holding the person's groups (an array of strings, or one string); a dotted path reaches inside objects. */
  OIDC_GROUPS_CLAIM: optionalText.transform((value) => value ?? 'groups'),
  /** Members of these groups (comma-separated) are instance admins, as ADMIN_EMAILS make them. */
  OIDC_ADMIN_GROUPS: optionalText.transform((value) =>
    value
      ? value
          .split(',')
          .map((group) => group.trim())
          .filter(Boolean)
      : undefined,
  ),
  /** Directory groups to teams with a role: `group=Team name:role;…` (parseTeamGroups). */
  OIDC_TEAM_GROUPS: optionalText.transform((value, context) => {
    if (!value) return undefined;
    try {
      return parseTeamGroups(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** The ID token claim holding the person's storage quota in bytes (a number or numeric string). */
  OIDC_QUOTA_CLAIM: optionalText,
};
