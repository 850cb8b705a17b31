import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { teamRepository as teams, type TeamRole } from '../teams';
import type { TeamGroup } from './directory-settings';

/** What a sign-in changed in one team: told to the live streams and link checks once committed. */
export interface TeamChange {
  teamId: string;
  change: 'joined' | 'role' | 'left';
}

const RANK: Record<TeamRole, number> = { member: 0, admin: 1, owner: 2 };

/**
 * Makes `uid`'s memberships of the teams OIDC_TEAM_GROUPS names follow `groups`: in a mapped
 * group, a member with the mapped role (the highest, when several of their groups map to one
 * team); in none of a team's groups, no longer a member. Teams no line names are never touched.
 * Each name stands for one team, made at the first sign-in that needs it (a team of the same name
 * made by hand is not taken over: its owner would see the directory's people join). A team's last
 * owner keeps the team, and their role, whatever their groups say (said in the log): a team
 * always has an owner, as TeamService keeps it.
 */
export async function applyTeamGroups(
  db: Kysely<Database>,
  uid: string,
  mapping: readonly TeamGroup[],
  groups: ReadonlySet<string>,
  warn: (message: string) => void,
): Promise<TeamChange[]> {
  const wanted = new Map<string, TeamRole | undefined>();
  for (const line of mapping) {
    const role = wanted.get(line.team);
    const mine = groups.has(line.group) ? line.role : undefined;
    wanted.set(line.team, mine && (!role || RANK[mine] > RANK[role]) ? mine : role);
  }
  const changes: TeamChange[] = [];
  for (const [name, role] of wanted) {
    let teamId = await directoryTeam(db, name);
    if (!teamId && !role) continue;
    teamId ??= await makeDirectoryTeam(db, name, uid);
    const current = await teams.findRole(db, teamId, uid);
    if (current === role) continue;
    if (current === 'owner' && (await teams.memberCount(db, teamId, 'owner')) <= 1) {
      warn(`"${name}" would have no owner left: its last owner stays its owner until someone else is`);
      continue;
    }
    if (!role) {
      await teams.removeMember(db, teamId, uid);
      // As TeamService.removeMember: URLs they were handed for the others' videos stop working.
      await teams.revokeTeamLinks(db, teamId, { exceptOwner: uid });
      changes.push({ teamId, change: 'left' });
    } else if (!current) {
      await teams.addMember(db, teamId, uid, role);
      changes.push({ teamId, change: 'joined' });
    } else {
      await teams.setRole(db, teamId, uid, role);
      changes.push({ teamId, change: 'role' });
    }
  }
  return changes;
}

async function directoryTeam(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('teams').select('id').where('directory_name', '=', name).executeTakeFirst();
  return row?.id;
}

/** The team standing for `name`, made now by `uid`'s sign-in (or by another sign-in racing it). */
async function makeDirectoryTeam(db: Kysely<Database>, name: string, uid: string): Promise<string> {
  await db
    .insertInto('teams')
    .values({ id: randomUUID(), name, created_by: uid, directory_name: name })
    .onConflict((oc) => oc.column('directory_name').where('directory_name', 'is not', null).doNothing())
    .execute();
  const id = await directoryTeam(db, name);
  if (!id) throw new Error(`the team "${name}" of OIDC_TEAM_GROUPS could not be made`);
  return id;
}
