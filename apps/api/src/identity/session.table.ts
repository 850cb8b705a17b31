import type { ColumnType } from 'kysely';

/** Stream's own session after an OpenID Connect sign-in: only the SHA-256 of its refresh token is kept. */
export interface SessionTable {
  id: string;
  uid: string;
  /** Replaced at each refresh (rotation): the previous refresh token no longer matches. */
  refresh_hash: string;
  /** The provider said, at sign-in, that the person's address is theirs (ADMIN_EMAILS and sign-up domains ask it). */
  email_verified: boolean;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The provider's ID token at sign-in (OpenID Connect), its logout's `id_token_hint`; null otherwise. */
  id_token: ColumnType<string | null, string | null | undefined, string | null>;
}
