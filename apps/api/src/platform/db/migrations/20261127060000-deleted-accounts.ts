import type { Kysely } from 'kysely';

/**
 * The accounts deleted here, by the SHA-256 of their uid (the uid itself would name the
 * person after they asked to be forgotten). An ID token signed before the deletion stays valid for
 * up to an hour; the API refuses it instead of making a bare users row for it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_accounts')
    .addColumn('uid_hash', 'text', (col) => col.primaryKey())
    .addColumn('deleted_at', 'timestamptz', (col) => col.notNull().defaultTo(db.fn('now')))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_accounts').execute();
}
