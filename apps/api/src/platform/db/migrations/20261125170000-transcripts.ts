import { sql, type Kysely } from 'kysely';

/**
 * Transcripts. A video's transcription state and language live on the video (null
 * state: never asked, as for videos from before); its lines are transcript_segments rows, each
 * with its words' times as JSON and a 'simple' text search vector, so the library's search finds
 * videos by what was said and names the line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('transcript_state', 'text', (col) =>
      col.check(sql`transcript_state in ('PENDING', 'RUNNING', 'DONE', 'EMPTY', 'FAILED')`),
    )
    .addColumn('transcript_failure_reason', 'text')
    .addColumn('transcript_language', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('transcript_segments')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('start_seconds', 'float8', (col) => col.notNull())
    .addColumn('end_seconds', 'float8', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('words', 'jsonb')
    .addColumn('edited', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('transcript_segments_pkey', ['video_id', 'position'])
    .execute();
  await sql`
    alter table transcript_segments add column search_vector tsvector
      generated always as (to_tsvector('simple', text)) stored`.execute(db);
  await sql`create index transcript_segments_search_idx on transcript_segments using gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcript_segments').execute();
  await db.schema
    .alterTable('videos')
    .dropColumn('transcript_state')
    .dropColumn('transcript_failure_reason')
    .dropColumn('transcript_language')
    .execute();
}
