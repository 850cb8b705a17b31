import type { ColumnType } from 'kysely';

/** A deleted account, by the SHA-256 of its uid: its still-valid ID tokens are refused. */
export interface DeletedAccountTable {
  uid_hash: string;
  deleted_at: ColumnType<Date, Date | undefined, never>;
}
