import { sql, type Kysely } from 'kysely';
import type { Database } from './video.table';

/**
 * Bytes of `uid`'s stored blobs: every published asset of every video they own. An upload in
 * progress has none yet, and an abandoned one never will: nothing half stored counts.
 */
export async function usedBytes(db: Kysely<Database>, uid: string): Promise<number> {
  const row = await db
    .selectFrom('media_assets')
    .innerJoin('videos', 'videos.id', 'media_assets.video_id')
    .where('videos.user_id', '=', uid)
    .select(sql<string | number>`coalesce(sum(media_assets.size_bytes), 0)`.as('used'))
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** `uid`'s own quota; undefined when they have none (or no row yet): the default applies. */
export async function ownQuota(db: Kysely<Database>, uid: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('quota_bytes').where('uid', '=', uid).executeTakeFirst();
  return row?.quota_bytes === null || row?.quota_bytes === undefined ? undefined : Number(row.quota_bytes);
}

/** `uid`'s stored videos by their blobs' bytes, largest first. */
export async function videosBySize(db: Kysely<Database>, uid: string, limit: number) {
  const rows = await db
    .selectFrom('videos')
    .leftJoin('media_assets', 'media_assets.video_id', 'videos.id')
    .where('videos.user_id', '=', uid)
    .groupBy(['videos.id', 'videos.title'])
    .select([
      'videos.id',
      'videos.title',
      sql<string | number>`coalesce(sum(media_assets.size_bytes), 0)`.as('size_bytes'),
    ])
    .orderBy('size_bytes', 'desc')
    .orderBy('videos.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, sizeBytes: Number(row.size_bytes) }));
}
