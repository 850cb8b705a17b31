import type { Kysely } from 'kysely';

/**
 * `processing_progress` is how far the running processing attempt's
 * ffmpeg got through the upload, in percent (1-99); null before the first report and once the
 * video leaves PROCESSING.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('processing_progress', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('processing_progress').execute();
}
