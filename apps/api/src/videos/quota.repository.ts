import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/**
 * Bytes of `uid`'s stored blobs (every published asset of every video they own: an upload in
 * progress has none yet, and an abandoned one never will) and their own quota (undefined when they
 * have none, or no row yet: the default applies). One statement: a resumable upload reads both on
 * every PATCH, and on the embedded database each statement is a round through its WebAssembly engine.
 */
export async function storageStanding(
  db: Kysely<Database>,
  uid: string,
): Promise<{ usedBytes: number; ownQuotaBytes?: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('media_assets')
        .innerJoin('videos', 'videos.id', 'media_assets.video_id')
        .where('videos.user_id', '=', uid)
        .select(sql<string | number>`coalesce(sum(media_assets.size_bytes), 0)`.as('used'))
        .as('used'),
      eb.selectFrom('users').select('quota_bytes').where('uid', '=', uid).as('quota'),
    ])
    .executeTakeFirstOrThrow();
  const used = Number(row.used);
  return row.quota === null || row.quota === undefined
    ? { usedBytes: used }
    : { usedBytes: used, ownQuotaBytes: Number(row.quota) };
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
