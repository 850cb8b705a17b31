import { sql, type Kysely } from 'kysely';

/**
 * Two ways in, one person: where each person comes from (`source`) and who their identity
 * provider says they are (`external_issuer` + `external_id`, an OpenID Connect `sub`), matched
 * before any email. Stream's own sessions after an OpenID Connect sign-in (only a hash of each
 * refresh token is kept), and the sign-ins under way (state, nonce and PKCE verifier: kept here,
 * never in the browser, used once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('source', 'text', (col) =>
      col
        .notNull()
        .defaultTo('firebase')
        .check(sql`source in ('firebase', 'oidc', 'saml', 'scim')`),
    )
    .addColumn('external_issuer', 'text')
    .addColumn('external_id', 'text')
    .execute();
  await db.schema
    .createIndex('users_external_identity_idx')
    .on('users')
    .columns(['external_issuer', 'external_id'])
    .unique()
    .where(sql.ref('external_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('refresh_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_uid_idx').on('sessions').column('uid').execute();

  await db.schema
    .createTable('oidc_logins')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('next_path', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_logins').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropIndex('users_external_identity_idx').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('source')
    .dropColumn('external_issuer')
    .dropColumn('external_id')
    .execute();
}
