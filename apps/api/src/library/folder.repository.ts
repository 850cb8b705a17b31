import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { FolderTable } from './folder.table';
import type { Database } from '../platform/db/schema';

// Plain functions over the folders table; `db` may be a transaction.

export type FolderRow = Selectable<FolderTable> & { video_count: number };

/** Whose folders: a person's personal library, or (with `teamId`) a team's library. */
export interface FolderSpace {
  userId: string;
  teamId?: string;
}

const withVideoCount = (db: Kysely<Database>) =>
  db
    .selectFrom('folders')
    .selectAll('folders')
    // user_id (or team_id) first: the (user_id | team_id, folder_id, ...) indexes answer it instead
    // of a scan of every video. A video's folder is always of the library the video is in.
    .select(
      sql<number>`(case when folders.team_id is null
        then (select count(*) from videos where videos.user_id = folders.user_id and videos.folder_id = folders.id)
        else (select count(*) from videos where videos.team_id = folders.team_id and videos.folder_id = folders.id)
      end)::int`.as('video_count'),
    );

type FoldersQuery = ReturnType<typeof withVideoCount>;

function inSpace<Q extends SelectQueryBuilder<Database, 'folders', object>>(query: Q, space: FolderSpace): Q {
  return (
    space.teamId !== undefined
      ? query.where('folders.team_id', '=', space.teamId)
      : query.where('folders.user_id', '=', space.userId).where('folders.team_id', 'is', null)
  ) as Q;
}

export async function insertFolder(
  db: Kysely<Database>,
  row: { id: string; user_id: string; team_id: string | null; name: string; parent_id: string | null },
): Promise<FolderRow> {
  await db.insertInto('folders').values(row).execute();
  return (await findFolder(db, row.id))!;
}

/** Folder `id` wherever it is (whoever asks must be allowed to see it), or undefined. */
export async function findFolder(db: Kysely<Database>, id: string): Promise<FolderRow | undefined> {
  return withVideoCount(db).where('id', '=', id).executeTakeFirst();
}

/** Folder `id` without counting its videos: who made it and its team. */
export async function findFolderFacts(
  db: Kysely<Database>,
  id: string,
): Promise<{ user_id: string; team_id: string | null } | undefined> {
  return db.selectFrom('folders').select(['user_id', 'team_id']).where('id', '=', id).executeTakeFirst();
}

/** The folders of `space` directly under `parentId` (null: the root), by name. */
export async function listFolders(
  db: Kysely<Database>,
  space: FolderSpace,
  parentId: string | null,
): Promise<FolderRow[]> {
  return inSpace<FoldersQuery>(withVideoCount(db), space)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .orderBy(sql`lower(name)`)
    .orderBy('created_at')
    .execute();
}

/** Every folder of `space`, by name. */
export async function listAllFolders(db: Kysely<Database>, space: FolderSpace): Promise<FolderRow[]> {
  return inSpace<FoldersQuery>(withVideoCount(db), space)
    .orderBy(sql`lower(name)`)
    .orderBy('created_at')
    .execute();
}

/** `id` and its ancestors, from the root down to `id`. */
export async function folderPath(db: Kysely<Database>, id: string): Promise<FolderRow[]> {
  const { rows } = await sql<{ id: string; depth: number }>`
    with recursive up (id, parent_id, depth) as (
      select id, parent_id, 0 from folders where id = ${id}
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
 * Serialises changes to one library's folder tree until the transaction `db` ends, so two moves
 * that are each fine cannot together make a cycle.
 */
export async function lockFolderTree(db: Kysely<Database>, space: FolderSpace): Promise<void> {
  const key = space.teamId !== undefined ? `folders:team:${space.teamId}` : `folders:${space.userId}`;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}
