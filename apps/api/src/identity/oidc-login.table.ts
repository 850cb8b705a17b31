import type { ColumnType } from 'kysely';

/** An OpenID Connect sign-in under way, by the SHA-256 of its `state`: taken (deleted) by its one callback. */
export interface OidcLoginTable {
  state_hash: string;
  nonce: string;
  /** The PKCE verifier whose challenge went to the provider. */
  code_verifier: string;
  /** The callback URL the provider was given (the token request must name the same). */
  redirect_uri: string;
  /** A path of this origin to land on once signed in. */
  next_path: string;
  expires_at: ColumnType<Date, Date, never>;
}
