import type { ColumnType } from 'kysely';

/**
 * A video's share links: its main one (ShareVideo's, `is_main`, at most one per video) and the
 * named ones, one per recipient (see migrations/20261127010000-share-links.ts and
 * 20261208110000-main-share-links.ts).
 */
export interface ShareLinkTable {
  id: string;
  video_id: string;
  token: string;
  /** '' for the main link. */
  name: string;
  password_hash: string | null;
  email_gate: ColumnType<boolean, boolean | undefined, boolean>;
  /** The main link is reset (a new token) and never revoked; a named link is revoked and never reset. */
  is_main: ColumnType<boolean, boolean | undefined, never>;
  /** When the main link stops working; null: never (named links never expire). */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ShareLinkEmailTable {
  video_id: string;
  email: string;
  /** The named link's id, or "main". */
  link_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
