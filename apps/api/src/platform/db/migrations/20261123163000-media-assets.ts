import { sql, type Kysely } from 'kysely';

/**
 * A video's bytes move from two key columns of `videos` into `media_assets`, one row per kind.
 * An upload still PROCESSING or FAILED is the 'original'; a READY video's file is the remuxed
 * 'playable'. The old columns go; `down` puts them back, filled from the assets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_assets')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('size_bytes', 'bigint')
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('media_assets_pkey', ['video_id', 'kind'])
    .execute();
  await sql`
    insert into media_assets (video_id, kind, storage_key, size_bytes, content_type, created_at)
    select id, case when status = 'READY' then 'playable' else 'original' end, video_key, size_bytes, 'video/webm', updated_at
    from videos where video_key is not null`.execute(db);
  await sql`
    insert into media_assets (video_id, kind, storage_key, size_bytes, content_type, created_at)
    select id, 'thumbnail', thumbnail_key, null, 'image/jpeg', updated_at
    from videos where thumbnail_key is not null`.execute(db);
  await db.schema.alterTable('videos').dropColumn('video_key').dropColumn('thumbnail_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('video_key', 'text').addColumn('thumbnail_key', 'text').execute();
  await sql`
    update videos set
      video_key = (select storage_key from media_assets a where a.video_id = videos.id and a.kind in ('playable', 'original')
                   order by a.kind = 'playable' desc limit 1),
      thumbnail_key = (select storage_key from media_assets a where a.video_id = videos.id and a.kind = 'thumbnail')`.execute(
    db,
  );
  await db.schema.dropTable('media_assets').execute();
}
