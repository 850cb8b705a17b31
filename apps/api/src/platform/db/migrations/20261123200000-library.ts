import { sql, type Kysely } from 'kysely';

/**
 * An organised library: folders (nestable, owned; deleting one sends its videos to the
 * root), tags per user (one name whatever its case), and full-text search over title and
 * description. The search column is generated, so every writer keeps it current; the 'simple'
 * configuration does not stem, so a prefix query ("recor:*") finds "recording" in any language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    // A folder's subfolders go with it; their videos go to the root (videos.folder_id below).
    .addColumn('parent_id', 'text', (col) => col.references('folders.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('folders_not_own_parent', sql`parent_id is null or parent_id <> id`)
    .execute();
  await db.schema.createIndex('folders_user_parent_idx').on('folders').columns(['user_id', 'parent_id']).execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index tags_user_name_idx on tags (user_id, lower(name))`.execute(db);

  await db.schema
    .createTable('video_tags')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (col) => col.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('video_tags_pkey', ['video_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('video_tags_tag_idx').on('video_tags').columns(['tag_id', 'video_id']).execute();

  await db.schema
    .alterTable('videos')
    .addColumn('folder_id', 'text', (col) => col.references('folders.id').onDelete('set null'))
    .execute();
  await sql`
    alter table videos add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', description), 'B')
    ) stored`.execute(db);
  await sql`create index videos_search_idx on videos using gin (search_vector)`.execute(db);
  await db.schema
    .createIndex('videos_user_folder_created_idx')
    .on('videos')
    .columns(['user_id', 'folder_id', 'created_at desc', 'seq desc'])
    .execute();
  await sql`create index videos_user_title_idx on videos (user_id, lower(title), seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_user_title_idx').execute();
  await db.schema.dropIndex('videos_user_folder_created_idx').execute();
  await db.schema.dropIndex('videos_search_idx').execute();
  await db.schema.alterTable('videos').dropColumn('search_vector').dropColumn('folder_id').execute();
  await db.schema.dropTable('video_tags').execute();
  await db.schema.dropTable('tags').execute();
  await db.schema.dropTable('folders').execute();
}
