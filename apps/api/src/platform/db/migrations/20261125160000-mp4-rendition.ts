import type { Kysely } from 'kysely';

/**
 * Where the video's MP4 rendition (H.264/AAC, made by a job after READY and after each
 * edit) stands: NONE (not made yet, or the version it was made from no longer plays), READY (the
 * `mp4` asset is the playing version's) or FAILED (the WebM still plays; the next edit tries again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('mp4_state', 'text', (col) => col.notNull().defaultTo('NONE'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('mp4_state').execute();
}
