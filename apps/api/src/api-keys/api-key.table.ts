import type { ColumnType } from 'kysely';

/** A personal API key: only the SHA-256 of its secret is kept. */
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
