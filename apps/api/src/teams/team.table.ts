import type { ColumnType } from 'kysely';

export type TeamRole = 'owner' | 'admin' | 'member';

export interface TeamTable {
  id: string;
  name: string;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** The team name of OIDC_TEAM_GROUPS this team stands for (its members follow directory groups); null: none. */
  directory_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The directory's id for the team (a SCIM Group's externalId); null: none. */
  scim_external_id: ColumnType<string | null, string | null | undefined, string | null>;
}
