import type { ColumnType, Generated } from 'kysely';

/** One admin action (issue 32): who did what to whom, in words. */
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

/** A personal API key (issue 32): only the SHA-256 of its secret is kept. */
export interface ApiKeyTable {
  id: string;
  uid: string;
  name: string;
  /** The secret's first characters, shown to tell keys apart. */
  prefix: string;
  secret_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** `read`: only calls that change nothing; `read_write` (the default, as keys were before scopes). */
  scope: ColumnType<ApiKeyScopeName, ApiKeyScopeName | undefined, never>;
}

export type ApiKeyScopeName = 'read' | 'read_write';

/** An instance-wide setting by name (the sign-up policy, branding), as JSON. */
export interface InstanceSettingTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A deleted account (issue 32), by the SHA-256 of its uid: its still-valid ID tokens are refused. */
export interface DeletedAccountTable {
  uid_hash: string;
  deleted_at: ColumnType<Date, Date | undefined, never>;
}
