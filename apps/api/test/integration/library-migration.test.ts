// The library migration on a database the previous code made and filled, on both
// engines: existing videos become searchable, folders and tags come and go, and back down.
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fromPGlite, fromPostgres, type AppDatabase } from '../../src/platform/db/database';
import { migrations } from '../../src/platform/db/migrations';
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../support/test-database';

const BEFORE = '20261123180000-sharing-and-views';
const LIBRARY = '20261123200000-library';
/** The last migration before the folder index (migrations apply in name order). */
const FOLDER_INDEX_BEFORE = '20261123202000-resumable-uploads';

async function emptyDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  return kind === 'pglite' ? fromPGlite(await PGlite.create()) : fromPostgres(await createPostgresDatabase());
}

const tablesNamed = async (db: Kysely<unknown>, names: string[]) =>
  (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_name in (${sql.join(names)}) order by table_name`.execute(db)
  ).rows.map((row) => row.name);

describe.each(databaseKinds)('library migration on %s', (kind) => {
  it('makes existing videos searchable, keeps folders and tags per user, and goes back down', async () => {
    const database = await emptyDatabase(kind);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await sql`
        insert into videos (id, user_id, title, description, status, visibility)
        values ('old', 'u', 'Weekly recording', 'Planning the launch', 'READY', 'PRIVATE')`.execute(db);

      expect((await migrator.migrateTo(LIBRARY)).error).toBeUndefined();
      const found = await sql<{ id: string }>`
        select id from videos where search_vector @@ to_tsquery('simple', 'recor:* & launch:*')`.execute(db);
      expect(found.rows).toEqual([{ id: 'old' }]);

      // Tags: one name per user whatever its case; another user may have the same one.
      await sql`insert into tags (id, user_id, name) values ('t1', 'u', 'Demo'), ('t2', 'v', 'demo')`.execute(db);
      await expect(sql`insert into tags (id, user_id, name) values ('t3', 'u', 'DEMO')`.execute(db)).rejects.toThrow();
      await sql`insert into video_tags (video_id, tag_id) values ('old', 't1')`.execute(db);

      // Deleting a folder deletes its subfolders and sends their videos to the root.
      await sql`
        insert into folders (id, user_id, name, parent_id)
        values ('f1', 'u', 'Work', null), ('f2', 'u', 'Launch', 'f1')`.execute(db);
      await expect(
        sql`insert into folders (id, user_id, name, parent_id) values ('f3', 'u', 'Self', 'f3')`.execute(db),
      ).rejects.toThrow();
      await sql`update videos set folder_id = 'f2' where id = 'old'`.execute(db);
      await sql`delete from folders where id = 'f1'`.execute(db);
      const after = await sql<{ folder_id: string | null }>`select folder_id from videos where id = 'old'`.execute(db);
      expect(after.rows).toEqual([{ folder_id: null }]);
      expect(await tablesNamed(db, ['folders'])).toEqual(['folders']);
      expect((await sql`select id from folders`.execute(db)).rows).toEqual([]);

      // A deleted video takes its tag links with it, not the tag.
      await sql`delete from videos where id = 'old'`.execute(db);
      expect((await sql`select * from video_tags`.execute(db)).rows).toEqual([]);
      expect((await sql`select id from tags order by id`.execute(db)).rows).toEqual([{ id: 't1' }, { id: 't2' }]);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect(await tablesNamed(db, ['folders', 'tags', 'video_tags'])).toEqual([]);
      const columns = await sql<{ name: string }>`
        select column_name as name from information_schema.columns
        where table_name = 'videos' and column_name in ('folder_id', 'search_vector')`.execute(db);
      expect(columns.rows).toEqual([]);
      expect((await migrator.migrateTo(LIBRARY)).error).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it("finds a deleted folder's videos by index, not by a scan of every video", async () => {
    const database = await emptyDatabase(kind);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      // The query PostgreSQL runs for `on delete set null`; scans priced out, so a usable index shows.
      const plan = () =>
        db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const rows = await sql<{ 'QUERY PLAN': string }>`
            explain update videos set folder_id = null where folder_id = 'f1'`.execute(trx);
          return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
        });
      expect(await plan()).toContain('videos_folder_id_idx');
      expect((await migrator.migrateTo(FOLDER_INDEX_BEFORE)).error).toBeUndefined();
      expect(await plan()).not.toContain('videos_folder_id_idx');
    } finally {
      await database.close();
    }
  });
});
