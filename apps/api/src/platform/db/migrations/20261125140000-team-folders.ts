import { sql, type Kysely } from 'kysely';

/**
 * The team library: a folder is personal (team_id null, its user's) or a team's (made by
 * `user_id`, shared by the team's members). Deleting the team deletes its folders; their videos
 * are going back to their owners' personal libraries at the same time, at the root.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('folders')
    .addColumn('team_id', 'text', (col) => col.references('teams.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('folders_team_parent_idx')
    .on('folders')
    .columns(['team_id', 'parent_id'])
    .where(sql.ref('team_id'), 'is not', null)
    .execute();
  // A team's library by folder, newest first: as videos_user_folder_created_idx does for a person's.
  await db.schema
    .createIndex('videos_team_folder_created_idx')
    .on('videos')
    .columns(['team_id', 'folder_id', 'created_at desc', 'seq desc'])
    .where(sql.ref('team_id'), 'is not', null)
    .execute();
  // A team's tags are found by name across its members' tags (tags_user_name_idx leads by user).
  await sql`create index tags_lower_name_idx on tags (lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tags_lower_name_idx').execute();
  await db.schema.dropIndex('videos_team_folder_created_idx').execute();
  await db.schema.dropIndex('folders_team_parent_idx').execute();
  await sql`delete from folders where team_id is not null`.execute(db);
  await db.schema.alterTable('folders').dropColumn('team_id').execute();
}
