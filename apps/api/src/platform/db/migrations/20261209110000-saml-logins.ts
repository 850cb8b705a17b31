import type { Kysely } from 'kysely';

/**
 * SAML 2.0 sign-ins under way: the AuthnRequest's ID (a response must answer it, InResponseTo)
 * and where to land, by the SHA-256 of the one-time state its RelayState carries. Taken (deleted)
 * by the one response that answers it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saml_logins')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('request_id', 'text', (col) => col.notNull().unique())
    .addColumn('next_path', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saml_logins').execute();
}
