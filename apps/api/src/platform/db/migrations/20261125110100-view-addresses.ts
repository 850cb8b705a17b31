import type { Kysely } from 'kysely';

/**
 * A signed-out viewer names itself (a browser's random id), so one client could count
 * a view per fresh id. Anonymous views keep a digest of the client address they came from
 * (`viewer_address`; null for signed-in viewers and for views counted before), so the views of one
 * address on one video in one hour can be bounded; the index serves that count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_views').addColumn('viewer_address', 'text').execute();
  await db.schema
    .createIndex('video_views_address_idx')
    .on('video_views')
    .columns(['video_id', 'hour', 'viewer_address'])
    .where('viewer_address', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('video_views_address_idx').execute();
  await db.schema.alterTable('video_views').dropColumn('viewer_address').execute();
}
