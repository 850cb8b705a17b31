import { sql, type Kysely } from 'kysely';

/**
 * Rate limits shared by every API process of a cluster. One row per limited key (an
 * address, a person, with what is limited in front) holding the count of its current fixed window;
 * a request adds one with a single upsert. Rows whose window ended are reused by the next hit and
 * swept now and then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('window_ends_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await sql`create index rate_limit_windows_ends_idx on rate_limit_windows (window_ends_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
}
