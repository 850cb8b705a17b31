import { sql, type Kysely } from 'kysely';
import type { TeamRole } from './team.table';
import type { Database } from '../platform/db/schema';

// Plain functions over teams, their members and invites; `db` may be a transaction.

export async function insertTeam(db: Kysely<Database>, team: { id: string; name: string; createdBy: string }) {
  return db
    .insertInto('teams')
    .values({ id: team.id, name: team.name, created_by: team.createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findTeam(db: Kysely<Database>, teamId: string) {
  return db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
}

/** Holds the team's row until the transaction `db` ends, so changes to its members queue up. */
export async function lockTeam(db: Kysely<Database>, teamId: string): Promise<boolean> {
  const row = await db.selectFrom('teams').select('id').where('id', '=', teamId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function renameTeam(db: Kysely<Database>, teamId: string, name: string) {
  return db
    .updateTable('teams')
    .set({ name, updated_at: sql<Date>`now()` })
    .where('id', '=', teamId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the team; its videos go back to their owners' personal libraries, TEAM ones as PRIVATE. */
export async function deleteTeam(db: Kysely<Database>, teamId: string): Promise<boolean> {
  await db
    .updateTable('videos')
    .set({ visibility: sql`case when visibility = 'TEAM' then 'PRIVATE' else visibility end`, team_id: null })
    .where('team_id', '=', teamId)
    .execute();
  const result = await db.deleteFrom('teams').where('id', '=', teamId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many people are in the team; with `role`, how many of them have it. */
export async function memberCount(db: Kysely<Database>, teamId: string, role?: TeamRole): Promise<number> {
  let query = db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('team_id', '=', teamId);
  if (role) query = query.where('role', '=', role);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The teams `uid` belongs to, by name, with their role and the number of members. */
export async function listTeamsOf(db: Kysely<Database>, uid: string) {
  const rows = await db
    .selectFrom('team_members as mine')
    .innerJoin('teams', 'teams.id', 'mine.team_id')
    .select(['teams.id', 'teams.name', 'teams.created_at', 'mine.role'])
    .select(sql<string | number>`(select count(*) from team_members m where m.team_id = teams.id)`.as('member_count'))
    .where('mine.uid', '=', uid)
    .orderBy(sql`lower(teams.name)`)
    .orderBy('teams.id')
    .execute();
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count) }));
}

export async function findRole(db: Kysely<Database>, teamId: string, uid: string): Promise<TeamRole | undefined> {
  const row = await db
    .selectFrom('team_members')
    .select('role')
    .where('team_id', '=', teamId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row?.role;
}

/** `uid`'s role in each of `teamIds` they belong to. */
export async function rolesOf(db: Kysely<Database>, uid: string, teamIds: string[]): Promise<Map<string, TeamRole>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('team_members')
    .select(['team_id', 'role'])
    .where('uid', '=', uid)
    .where('team_id', 'in', teamIds)
    .execute();
  return new Map(rows.map((row) => [row.team_id, row.role]));
}

/** Members with their account's name and email: owners, admins, members, each by joining time. */
export async function listMembers(db: Kysely<Database>, teamId: string) {
  return db
    .selectFrom('team_members')
    .leftJoin('users', 'users.uid', 'team_members.uid')
    .select(['team_members.uid', 'team_members.role', 'team_members.joined_at'])
    .select((eb) => [
      eb.fn.coalesce('users.display_name', sql<string>`''`).as('display_name'),
      eb.fn.coalesce('users.email', sql<string>`''`).as('email'),
      eb.fn.coalesce('users.photo_url', sql<string>`''`).as('photo_url'),
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy(sql`case team_members.role when 'owner' then 0 when 'admin' then 1 else 2 end`)
    .orderBy('team_members.joined_at')
    .orderBy('team_members.uid')
    .execute();
}

/** Adds `uid` with `role`; false when they were a member already (their role is kept). */
export async function addMember(db: Kysely<Database>, teamId: string, uid: string, role: TeamRole): Promise<boolean> {
  const rows = await db
    .insertInto('team_members')
    .values({ team_id: teamId, uid, role })
    .onConflict((oc) => oc.columns(['team_id', 'uid']).doNothing())
    .returning('uid')
    .execute();
  return rows.length > 0;
}

export async function setRole(db: Kysely<Database>, teamId: string, uid: string, role: TeamRole) {
  return db
    .updateTable('team_members')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('uid', '=', uid)
    .returningAll()
    .executeTakeFirst();
}

export async function removeMember(db: Kysely<Database>, teamId: string, uid: string): Promise<boolean> {
  const result = await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertInvite(
  db: Kysely<Database>,
  invite: {
    id: string;
    teamId: string;
    tokenHash: string;
    role: TeamRole;
    expiresAt: Date;
    uses: number;
    createdBy: string;
  },
) {
  return db
    .insertInto('team_invites')
    .values({
      id: invite.id,
      team_id: invite.teamId,
      token_hash: invite.tokenHash,
      role: invite.role,
      expires_at: invite.expiresAt,
      uses_left: invite.uses,
      created_by: invite.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An invite by its token's hash, with its team's name. */
export async function findInviteByHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('team_invites')
    .innerJoin('teams', 'teams.id', 'team_invites.team_id')
    .selectAll('team_invites')
    .select('teams.name as team_name')
    .where('team_invites.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Invites of the team that still work (not revoked, not expired, uses left), newest first. */
export async function listPendingInvites(db: Kysely<Database>, teamId: string) {
  return db
    .selectFrom('team_invites')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('revoked_at', 'is', null)
    .where('uses_left', '>', 0)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Removes an invite outright (one whose mail could not be sent: it was never handed out). */
export async function deleteInvite(db: Kysely<Database>, inviteId: string): Promise<void> {
  await db.deleteFrom('team_invites').where('id', '=', inviteId).execute();
}

export async function revokeInvite(db: Kysely<Database>, teamId: string, inviteId: string): Promise<boolean> {
  const result = await db
    .updateTable('team_invites')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('team_id', '=', teamId)
    .where('id', '=', inviteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes one use of a working invite in one statement: of several callers racing for the last use,
 * exactly one gets a row back. Undefined when it does not work (any reason).
 */
export async function takeInviteUse(db: Kysely<Database>, tokenHash: string) {
  return db
    .updateTable('team_invites')
    .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('uses_left', '>', 0)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['team_id', 'role'])
    .executeTakeFirst();
}

/**
 * Revokes the signed URLs handed out for the team's videos that are not PUBLIC (all of them, or
 * only `videoId`), leaving out `exceptOwner`'s own: after a member leaves or is removed, or a video
 * or the whole team leaves, someone holding such a URL may no longer be allowed to read it.
 * Returns how many videos were touched.
 */
export async function revokeTeamLinks(
  db: Kysely<Database>,
  teamId: string,
  options: { exceptOwner?: string; videoId?: string } = {},
): Promise<number> {
  let query = db
    .updateTable('videos')
    .set({ link_generation: sql<number>`link_generation + 1` })
    .where('team_id', '=', teamId)
    .where('visibility', '<>', 'PUBLIC');
  if (options.exceptOwner !== undefined) query = query.where('user_id', '<>', options.exceptOwner);
  if (options.videoId !== undefined) query = query.where('id', '=', options.videoId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Puts a video into a team (or, with null, back into its owner's library; TEAM becomes PRIVATE).
 * It leaves its folder: a video's folder is always of the library it is in.
 */
export async function setVideoTeam(db: Kysely<Database>, videoId: string, teamId: string | null): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({
      team_id: teamId,
      folder_id: null,
      updated_at: sql<Date>`now()`,
      ...(teamId === null ? { visibility: sql`case when visibility = 'TEAM' then 'PRIVATE' else visibility end` } : {}),
    })
    .where('id', '=', videoId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
