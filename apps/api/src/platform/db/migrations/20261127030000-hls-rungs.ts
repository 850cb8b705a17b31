import type { Kysely } from 'kysely';

/**
 * The rungs of the video's HLS presentation (JSON: width, height, bandwidth, codecs of
 * each, highest first), written with its `hls` assets by the rendition job; null when it has none
 * (720p or less, made before, or not made yet). Read only while mp4_state is READY: an edit sets
 * that to NONE and retires the assets, and the job writes both anew.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('hls_rungs', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('hls_rungs').execute();
}
