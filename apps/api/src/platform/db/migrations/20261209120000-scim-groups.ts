import { sql, type Kysely } from 'kysely';

/**
 * The directory's own id for a team (a SCIM Group's `externalId`), one team per id; and the SCIM
 * token an admin rotated from /admin, of which only the SHA-256 is kept (one row at most: the
 * token that works; while it exists, SCIM_TOKEN does not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').addColumn('scim_external_id', 'text').execute();
  await db.schema
    .createIndex('teams_scim_external_id_idx')
    .on('teams')
    .column('scim_external_id')
    .unique()
    .where(sql.ref('scim_external_id'), 'is not', null)
    .execute();
  await db.schema
    .createTable('scim_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('rotated_by', 'text', (col) => col.notNull())
    .addColumn('rotated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scim_tokens').execute();
  await db.schema.dropIndex('teams_scim_external_id_idx').execute();
  await db.schema.alterTable('teams').dropColumn('scim_external_id').execute();
}
