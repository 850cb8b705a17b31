import type { Kysely } from 'kysely';

/**
 * `transcript_attempt` counts the transcriptions asked of a video (each
 * READY and each Retry adds one; its jobs carry the number), so a job that gave up on an earlier
 * attempt cannot fail a later one. `transcript_progress` is the running attempt's percent (chunk k
 * of n). `spoken_language` is the owner's choice for the video ('' lets the engine detect it) and
 * `users.default_spoken_language` the one every new video of theirs starts with. The summary
 * and chapter titles a SUMMARY_URL server suggests from the transcript wait there for the owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('transcript_attempt', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('transcript_progress', 'integer')
    .addColumn('spoken_language', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('suggested_summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('suggested_chapters', 'jsonb')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('default_spoken_language', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('default_spoken_language').execute();
  await db.schema
    .alterTable('videos')
    .dropColumn('suggested_chapters')
    .dropColumn('suggested_summary')
    .dropColumn('spoken_language')
    .dropColumn('transcript_progress')
    .dropColumn('transcript_attempt')
    .execute();
}
