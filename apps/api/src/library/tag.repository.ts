import { sql, type Kysely, type Selectable } from 'kysely';
import type { TagTable } from './tag.table';
import type { Database } from '../platform/db/schema';

// Plain functions over tags and video_tags; `db` may be a transaction.

export type TagRow = Selectable<TagTable> & { video_count: number };

/** The user's tags, alphabetically (any case), with how many videos carry each. */
export async function listTags(db: Kysely<Database>, userId: string): Promise<TagRow[]> {
  return db
    .selectFrom('tags')
    .selectAll('tags')
    .select(sql<number>`(select count(*) from video_tags where video_tags.tag_id = tags.id)::int`.as('video_count'))
    .where('user_id', '=', userId)
    .orderBy(sql`lower(name)`)
    .execute();
}

/**
 * The tags on a team's videos, one per name whatever its case or whose it is, with how
 * many of the team's videos carry it. Its id is `uid`'s own tag of that name when they have one
 * (so DeleteTag works on it), else one of another member's.
 */
export async function listTeamTags(db: Kysely<Database>, teamId: string, uid: string) {
  const rows = await db
    .selectFrom('video_tags')
    .innerJoin('videos', 'videos.id', 'video_tags.video_id')
    .innerJoin('tags', 'tags.id', 'video_tags.tag_id')
    .select([
      sql<string>`coalesce(min(case when tags.user_id = ${uid} then tags.id end), min(tags.id))`.as('id'),
      sql<string>`min(tags.name)`.as('name'),
      sql<number>`count(distinct video_tags.video_id)::int`.as('video_count'),
    ])
    .where('videos.team_id', '=', teamId)
    .groupBy(sql`lower(tags.name)`)
    .orderBy(sql`lower(tags.name)`)
    .execute();
  return rows.map((row) => ({ ...row, video_count: Number(row.video_count) }));
}

/** The user's tags with these names, whatever their case. */
export async function findTagsByName(
  db: Kysely<Database>,
  userId: string,
  names: string[],
): Promise<Selectable<TagTable>[]> {
  if (names.length === 0) return [];
  const keys = names.map((name) => name.toLowerCase());
  return db
    .selectFrom('tags')
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql<boolean>`lower(name) = any(${keys}::text[])`)
    .execute();
}

/** The user's tags with these names, made for names that have none yet (the first spelling wins). */
export async function ensureTags(
  db: Kysely<Database>,
  userId: string,
  names: string[],
  newId: () => string,
): Promise<Selectable<TagTable>[]> {
  if (names.length === 0) return [];
  await db
    .insertInto('tags')
    .values(names.map((name) => ({ id: newId(), user_id: userId, name })))
    .onConflict((oc) => oc.expression(sql`user_id, lower(name)`).doNothing())
    .execute();
  return findTagsByName(db, userId, names);
}

export async function tagVideos(db: Kysely<Database>, videoIds: string[], tagIds: string[]): Promise<void> {
  if (videoIds.length === 0 || tagIds.length === 0) return;
  await db
    .insertInto('video_tags')
    .values(videoIds.flatMap((video_id) => tagIds.map((tag_id) => ({ video_id, tag_id }))))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function untagVideos(db: Kysely<Database>, videoIds: string[], tagIds: string[]): Promise<void> {
  if (videoIds.length === 0 || tagIds.length === 0) return;
  await db.deleteFrom('video_tags').where('video_id', 'in', videoIds).where('tag_id', 'in', tagIds).execute();
}

/** Deletes the user's tag (and its links to videos); false when the user has no such tag. */
export async function deleteTag(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('tags').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
