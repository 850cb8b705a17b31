import { sql, type Kysely } from 'kysely';

/**
 * The operator's admin. A person can be disabled and given their own storage quota
 * (null: the instance default). Every admin action is a row of admin_audit_log. Personal API keys
 * keep only the SHA-256 of their secret (a leaked database leaks no working key). Instance-wide
 * settings (the sign-up policy, branding) are JSON values by name, so a new one needs no migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('disabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('quota_bytes', 'int8', (col) => col.check(sql`quota_bytes >= 0`))
    .execute();

  await db.schema
    .createTable('admin_audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor_uid', 'text', (col) => col.notNull())
    .addColumn('actor_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_uid', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('uid', 'text', (col) => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_uid_idx').on('api_keys').columns(['uid', 'created_at']).execute();

  await db.schema
    .createTable('instance_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance_settings').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('admin_audit_log').execute();
  await db.schema.alterTable('users').dropColumn('disabled').dropColumn('quota_bytes').execute();
}
