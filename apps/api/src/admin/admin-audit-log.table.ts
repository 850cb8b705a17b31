import type { ColumnType, Generated } from 'kysely';

/** One admin action: who did what to whom, in words. */
export interface AdminAuditLogTable {
  /** bigserial: PostgreSQL hands it back as a string, PGlite as a number. */
  id: Generated<string | number>;
  at: ColumnType<Date, Date | undefined, never>;
  actor_uid: string;
  actor_email: string;
  action: string;
  target_uid: string;
  detail: string;
}
