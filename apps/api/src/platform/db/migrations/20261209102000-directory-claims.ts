import { sql, type Kysely } from 'kysely';

/**
 * What an OpenID Connect sign-in's claims decide: whether the person is an instance admin by a
 * directory group (`users.directory_admin`, written at each sign-in, read by admin/instance-admins.ts),
 * and which team a line of OIDC_TEAM_GROUPS stands for (`teams.directory_name`, the mapped team
 * name: one team per name, kept when the team is renamed by hand).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('directory_admin', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('teams').addColumn('directory_name', 'text').execute();
  await db.schema
    .createIndex('teams_directory_name_idx')
    .on('teams')
    .column('directory_name')
    .unique()
    .where(sql.ref('directory_name'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('teams_directory_name_idx').execute();
  await db.schema.alterTable('teams').dropColumn('directory_name').execute();
  await db.schema.alterTable('users').dropColumn('directory_admin').execute();
}
