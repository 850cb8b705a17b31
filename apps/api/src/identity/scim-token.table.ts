import type { ColumnType } from 'kysely';

/** The SCIM token an admin rotated from /admin: only its SHA-256 (hex); at most one row. */
export interface ScimTokenTable {
  token_hash: string;
  /** The uid of the admin who rotated it. */
  rotated_by: string;
  rotated_at: ColumnType<Date, Date | undefined, never>;
}
