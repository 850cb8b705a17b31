import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../platform/db/schema';

// Reads of teams as SCIM Groups; every change goes through the teams feature's DirectoryTeamService.

/** A Groups filter the SCIM service understood. */
export type TeamCondition =
  { kind: 'eq'; field: 'displayName' | 'externalId'; value: string } | { kind: 'and' | 'or'; parts: TeamCondition[] };

const COLUMNS = ['id', 'name', 'scim_external_id', 'created_at', 'updated_at'] as const;
export interface ScimTeamRow {
  id: string;
  name: string;
  scim_external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ScimMemberRow {
  team_id: string;
  uid: string;
  display_name: string;
  email: string;
}

function where(eb: ExpressionBuilder<Database, 'teams'>, condition: TeamCondition): Expression<SqlBool> {
  if (condition.kind !== 'eq') {
    const parts = condition.parts.map((part) => where(eb, part));
    return condition.kind === 'and' ? eb.and(parts) : eb.or(parts);
  }
  // displayName is not case-exact (RFC 7643 §4.2); externalId is.
  return condition.field === 'displayName'
    ? eb(sql<string>`lower(name)`, '=', condition.value.toLowerCase())
    : eb('scim_external_id', '=', condition.value);
}

export async function scimTeams(
  db: Kysely<Database>,
  condition: TeamCondition | undefined,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: ScimTeamRow[] }> {
  const base = db
    .selectFrom('teams')
    .$if(condition !== undefined, (query) => query.where((eb) => where(eb, condition!)));
  const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
  const rows =
    page.limit === 0
      ? []
      : await base.select(COLUMNS).orderBy('created_at').orderBy('id').offset(page.offset).limit(page.limit).execute();
  return { total: Number(counted.total), rows };
}

export async function scimTeam(db: Kysely<Database>, id: string): Promise<ScimTeamRow | undefined> {
  return db.selectFrom('teams').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The people of `teamIds`, in the order they joined. */
export async function scimMembers(db: Kysely<Database>, teamIds: readonly string[]): Promise<ScimMemberRow[]> {
  if (teamIds.length === 0) return [];
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.uid', 'team_members.uid')
    .select(['team_members.team_id', 'team_members.uid', 'users.display_name', 'users.email'])
    .where('team_members.team_id', 'in', [...teamIds])
    .orderBy('team_members.joined_at')
    .orderBy('team_members.uid')
    .execute();
}
