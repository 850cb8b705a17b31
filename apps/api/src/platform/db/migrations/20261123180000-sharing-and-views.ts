import { sql, type Kysely } from 'kysely';

/**
 * A share link can expire (`share_expires_at`, null = never), the owner's display name
 * is kept on the video for the watch page, and views are counted once per viewer per hour
 * (`video_views`, unique on video, viewer and hour) into `view_count`, which list pages read as is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('share_expires_at', 'timestamptz')
    .addColumn('owner_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('view_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('video_views')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (col) => col.notNull())
    .addColumn('hour', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_views_pkey', ['video_id', 'viewer_key', 'hour'])
    .execute();
  await sql`create unique index videos_share_token_idx on videos (share_token) where share_token is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('videos_share_token_idx').execute();
  await db.schema.dropTable('video_views').execute();
  await db.schema
    .alterTable('videos')
    .dropColumn('share_expires_at')
    .dropColumn('owner_name')
    .dropColumn('view_count')
    .execute();
}
