import type { ColumnType } from 'kysely';

/** Issue 28: see migrations/20261127010000-share-links.ts. */
export interface ShareLinkTable {
  id: string;
  video_id: string;
  token: string;
  name: string;
  password_hash: string | null;
  email_gate: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ShareLinkEmailTable {
  video_id: string;
  email: string;
  link_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
