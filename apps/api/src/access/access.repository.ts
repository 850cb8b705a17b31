import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { TeamRole } from './policy';

// The facts a decision needs beyond the thing itself, read as sets: a check over many ids (a bulk
// move, a page of a library) asks the database once, not once per id. Each answers with the subset
// of what it was given for which the fact holds. Nothing here decides: access/authorize.ts does.

/** Of `teamIds`, those `uid` is a member of, with the role. */
export async function teamRoles(
  db: Kysely<Database>,
  uid: string,
  teamIds: ReadonlySet<string>,
): Promise<Map<string, TeamRole>> {
  if (teamIds.size === 0) return new Map();
  const rows = await db
    .selectFrom('team_members')
    .select(['team_id', 'role'])
    .where('uid', '=', uid)
    .where('team_id', 'in', [...teamIds])
    .execute();
  return new Map(rows.map((row) => [row.team_id, row.role]));
}

/** Of `uids`, those whose account an instance admin disabled. */
export async function disabledPeople(db: Kysely<Database>, uids: ReadonlySet<string>): Promise<Set<string>> {
  if (uids.size === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('uid')
    .where('uid', 'in', [...uids])
    .where('disabled', '=', true)
    .execute();
  return new Set(rows.map((row) => row.uid));
}
