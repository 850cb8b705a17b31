import { sql, type Kysely } from 'kysely';
import type { MediaKind, NewMediaAssetRow } from './media-asset.table';
import type { Database } from '../platform/db/schema';

// Plain functions over the media_assets table; `db` may be a transaction.

/** The current asset of the first of `kinds` (in that order of preference) the video has. */
export async function findAsset(
  db: Kysely<Database>,
  videoId: string,
  kinds: readonly MediaKind[],
): Promise<{ kind: MediaKind; storage_key: string; content_type: string } | undefined> {
  if (kinds.length === 0) return undefined;
  const rows = await db
    .selectFrom('media_assets')
    .select(['kind', 'storage_key', 'content_type'])
    .where('video_id', '=', videoId)
    .where('kind', 'in', kinds)
    .execute();
  return kinds.map((kind) => rows.find((row) => row.kind === kind)).find((row) => row !== undefined);
}

/** Makes `row` the video's current asset of its kind; returns the key of the one it replaced. */
export async function putAsset(db: Kysely<Database>, row: NewMediaAssetRow): Promise<string | undefined> {
  const previous = await db
    .selectFrom('media_assets')
    .select('storage_key')
    .where('video_id', '=', row.video_id)
    .where('kind', '=', row.kind)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('media_assets')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['video_id', 'kind']).doUpdateSet((eb) => ({
        storage_key: eb.ref('excluded.storage_key'),
        size_bytes: eb.ref('excluded.size_bytes'),
        content_type: eb.ref('excluded.content_type'),
        created_at: sql<Date>`now()`,
      })),
    )
    .execute();
  return previous?.storage_key;
}

/** Which of `keys` an asset row names. */
export async function keysInUse(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('media_assets').select('storage_key').where('storage_key', 'in', keys).execute();
  return new Set(rows.map((row) => row.storage_key));
}

/** Removes the video's assets of `kinds` (every kind when omitted); returns their keys. */
export async function deleteAssets(
  db: Kysely<Database>,
  videoId: string,
  kinds?: readonly MediaKind[],
): Promise<string[]> {
  let query = db.deleteFrom('media_assets').where('video_id', '=', videoId);
  if (kinds) {
    if (kinds.length === 0) return [];
    query = query.where('kind', 'in', kinds);
  }
  const rows = await query.returning('storage_key').execute();
  return rows.map((row) => row.storage_key);
}
