import type { Kysely } from 'kysely';

/**
 * The provider's ID token of each session begun by OpenID Connect, for its RP-initiated logout
 * (`id_token_hint`): providers such as Keycloak ask it to sign the person out there too without
 * a question, and refuse a `post_logout_redirect_uri` without it. Null for sessions begun otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('id_token', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('id_token').execute();
}
