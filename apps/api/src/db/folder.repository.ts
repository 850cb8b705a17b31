import { sql, type Kysely, type Selectable } from 'kysely';
import type { FolderTable } from './library.table';
import type { Database } from './video.table';

// Plain functions over the folders table; `db` may be a transaction.

export type FolderRow = Selectable<FolderTable> & { video_count: number };

const withVideoCount = (db: Kysely<Database>) =>
  db
    .selectFrom('folders')
    .selectAll('folders')
    // user_id first: the (user_id, folder_id, ...) index answers it instead of a scan of every video.
    .select(
      sql<number>`(
        select count(*) from videos where videos.user_id = folders.user_id and videos.folder_id = folders.id
      )::int`.as('video_count'),
    );

export async function insertFolder(
  db: Kysely<Database>,
  row: { id: string; user_id: string; name: string; parent_id: string | null },
): Promise<FolderRow> {
  await db.insertInto('folders').values(row).execute();
  return (await findFolder(db, row.user_id, row.id))!;
}

/** The user's folder `id`, or undefined (also when it is someone else's). */
export async function findFolder(db: Kysely<Database>, userId: string, id: string): Promise<FolderRow | undefined> {
  return withVideoCount(db).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The folders directly under `parentId` (null: the root), by name. */
export async function listFolders(db: Kysely<Database>, userId: string, parentId: string | null): Promise<FolderRow[]> {
  return withVideoCount(db)
    .where('user_id', '=', userId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .orderBy(sql`lower(name)`)
    .orderBy('created_at')
    .execute();
}

/** Whether the user has folder `id` (without counting its videos). */
export async function hasFolder(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('folders')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every folder of the user, by name. */
export async function listAllFolders(db: Kysely<Database>, userId: string): Promise<FolderRow[]> {
  return withVideoCount(db)
    .where('user_id', '=', userId)
    .orderBy(sql`lower(name)`)
    .orderBy('created_at')
    .execute();
}

/** `id` and its ancestors, from the root down to `id`. */
export async function folderPath(db: Kysely<Database>, userId: string, id: string): Promise<FolderRow[]> {
  const { rows } = await sql<{ id: string; depth: number }>`
    with recursive up (id, parent_id, depth) as (
      select id, parent_id, 0 from folders where id = ${id} and user_id = ${userId}
      union all
      select f.id, f.parent_id, up.depth + 1 from folders f join up on f.id = up.parent_id
    )
    select id, depth from up`.execute(db);
  if (rows.length === 0) return [];
  const folders = await withVideoCount(db)
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const depthOf = new Map(rows.map((row) => [row.id, Number(row.depth)]));
  return folders.sort((a, b) => depthOf.get(b.id)! - depthOf.get(a.id)!);
}

export async function renameFolder(db: Kysely<Database>, id: string, name: string): Promise<void> {
  await db.updateTable('folders').set({ name }).where('id', '=', id).execute();
}

export async function moveFolder(db: Kysely<Database>, id: string, parentId: string | null): Promise<void> {
  await db.updateTable('folders').set({ parent_id: parentId }).where('id', '=', id).execute();
}

/** Deletes the folder and its subfolders; the database moves their videos to the root. */
export async function deleteFolder(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('folders').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Serialises changes to one user's folder tree until the transaction `db` ends, so two moves
 * that are each fine cannot together make a cycle.
 */
export async function lockFolderTree(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`folders:${userId}`}))`.execute(db);
}
