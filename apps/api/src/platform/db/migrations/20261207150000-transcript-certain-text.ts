import { sql, type Kysely } from 'kysely';

/**
 * Search never matches a word the transcription engine itself doubted. `search_text` is a line's
 * words the engine was sure of (platform/media/transcribe/confidence.ts), null where that is the whole line
 * (no doubted word, no word times, or the owner's own correction); the search vector is made from
 * it. Lines stored before keep their vector: their words carry no confidence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transcript_segments').addColumn('search_text', 'text').execute();
  await sql`drop index transcript_segments_search_idx`.execute(db);
  await sql`alter table transcript_segments drop column search_vector`.execute(db);
  await sql`
    alter table transcript_segments add column search_vector tsvector
      generated always as (to_tsvector('simple', coalesce(search_text, text))) stored`.execute(db);
  await sql`create index transcript_segments_search_idx on transcript_segments using gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transcript_segments_search_idx`.execute(db);
  await sql`alter table transcript_segments drop column search_vector`.execute(db);
  await db.schema.alterTable('transcript_segments').dropColumn('search_text').execute();
  await sql`
    alter table transcript_segments add column search_vector tsvector
      generated always as (to_tsvector('simple', text)) stored`.execute(db);
  await sql`create index transcript_segments_search_idx on transcript_segments using gin (search_vector)`.execute(db);
}
