import type { ColumnType } from 'kysely';

/** A SAML sign-in under way, by the SHA-256 of its RelayState: taken (deleted) by its one response. */
export interface SamlLoginTable {
  state_hash: string;
  /** The AuthnRequest's ID: the response's InResponseTo must name it. */
  request_id: string;
  /** A path of this origin to land on once signed in. */
  next_path: string;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, never>;
}
