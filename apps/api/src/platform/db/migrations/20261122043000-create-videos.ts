import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('UNSPECIFIED', 'PROCESSING', 'READY', 'FAILED')`),
    )
    .addColumn('visibility', 'text', (col) => col.notNull().check(sql`visibility in ('PRIVATE', 'SHARED', 'PUBLIC')`))
    .addColumn('video_key', 'text')
    .addColumn('thumbnail_key', 'text')
    .addColumn('source_url', 'text')
    .addColumn('duration_seconds', 'double precision')
    .addColumn('size_bytes', 'bigint')
    .addColumn('failure_reason', 'text')
    .addColumn('share_token', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('seq', 'bigserial', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('videos_user_created_idx')
    .on('videos')
    .columns(['user_id', 'created_at desc', 'seq desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('videos').execute();
}
