import { sql, type Kysely } from 'kysely';

/**
 * The directory's own id for a person (SCIM's `externalId`), kept apart from the OpenID Connect
 * link (`external_issuer` + `external_id`): signing in by OIDC later must not overwrite the id
 * the directory finds them by. One person per directory id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('scim_external_id', 'text').execute();
  await db.schema
    .createIndex('users_scim_external_id_idx')
    .on('users')
    .column('scim_external_id')
    .unique()
    .where(sql.ref('scim_external_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_scim_external_id_idx').execute();
  await db.schema.alterTable('users').dropColumn('scim_external_id').execute();
}
