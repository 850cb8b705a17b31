import { sql, type Kysely } from 'kysely';

/**
 * The conversation around a video. Comments (replies point at their comment, one level
 * deep) and reactions, each at a moment of the video; `conversation_events` numbers every change
 * of a video's conversation so a live stream resumes after its last seen number; notifications
 * for the people a change concerns; playback ranges (from the viewers' beacons) for insights.
 * Author names are kept as the author's ID token gave them when writing. A deleted video takes
 * all of it with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('comments_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('author_uid', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('author_photo', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('moment_seconds', 'double precision', (col) => col.notNull().check(sql`moment_seconds >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('edited_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('comments_video_idx').on('comments').columns(['video_id', 'created_at']).execute();

  await db.schema
    .createTable('reactions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('author_uid', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('author_photo', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('emoji', 'text', (col) => col.notNull())
    .addColumn('moment_seconds', 'double precision', (col) => col.notNull().check(sql`moment_seconds >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('reactions_video_idx').on('reactions').columns(['video_id', 'created_at']).execute();

  await db.schema
    .createTable('conversation_events')
    .addColumn('seq', 'bigserial', (col) => col.primaryKey())
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('comment_added', 'comment_edited', 'comment_deleted', 'reaction_added', 'comments_enabled', 'comments_disabled')`,
        ),
    )
    .addColumn('subject_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('conversation_events_video_idx')
    .on('conversation_events')
    .columns(['video_id', 'seq'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('recipient_uid', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('comment', 'reply', 'reaction')`))
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('actor_uid', 'text', (col) => col.notNull())
    .addColumn('actor_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('actor_photo', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('moment_seconds', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('notifications_recipient_idx')
    .on('notifications')
    .columns(['recipient_uid', 'created_at'])
    .execute();

  await db.schema
    .createTable('playback_ranges')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('viewer_key', 'text', (col) => col.notNull())
    .addColumn('uid', 'text')
    .addColumn('start_seconds', 'double precision', (col) => col.notNull())
    .addColumn('end_seconds', 'double precision', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('playback_ranges_order', sql`0 <= start_seconds and start_seconds < end_seconds`)
    .execute();
  await db.schema.createIndex('playback_ranges_video_idx').on('playback_ranges').columns(['video_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playback_ranges').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('conversation_events').execute();
  await db.schema.dropTable('reactions').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.alterTable('videos').dropColumn('comments_enabled').execute();
}
