// The media_assets migration on a database the previous code made and filled: keys move from the
// videos columns into asset rows, and back again on the way down, on both engines.
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fromPGlite, fromPostgres, type AppDatabase } from '../../src/platform/db/database';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { migrations } from '../../src/platform/db/migrations';
import { deleteVideo, findVideo } from '../../src/videos/video.repository';
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../support/test-database';

const BEFORE = '20261122043000-create-videos';

async function emptyDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  return kind === 'pglite' ? fromPGlite(await PGlite.create()) : fromPostgres(await createPostgresDatabase());
}

/** Rows as the code before media_assets wrote them (the upload route, the worker, CreateVideo). */
async function insertOldRows(db: Kysely<unknown>) {
  await sql`
    insert into videos (id, user_id, title, description, status, visibility, video_key, thumbnail_key, source_url, size_bytes, duration_seconds)
    values
      ('uploading', 'u', 'Up', '', 'PROCESSING', 'PRIVATE', 'videos/uploading/original.webm', null, null, 1000, null),
      ('done', 'u', 'Done', '', 'READY', 'PUBLIC', 'videos/done/original.webm', 'videos/done/thumbnail.jpg', null, 900, 3.5),
      ('broken', 'u', 'Broken', '', 'FAILED', 'PRIVATE', 'videos/broken/original.webm', null, null, 10, null),
      ('elsewhere', 'u', 'Link', '', 'READY', 'PRIVATE', null, null, 'https://example.com/v.webm', null, null)`.execute(
    db,
  );
}

const assetsOf = async (db: Kysely<unknown>) =>
  (
    await sql<{
      video_id: string;
      kind: string;
      storage_key: string;
      size_bytes: string | number | null;
      content_type: string;
    }>`
      select video_id, kind, storage_key, size_bytes, content_type from media_assets order by video_id, kind`.execute(
      db,
    )
  ).rows.map((row) => ({ ...row, size_bytes: row.size_bytes === null ? null : Number(row.size_bytes) }));

describe.each(databaseKinds)('media_assets migration on %s', (kind) => {
  it('moves the keys of existing videos into asset rows, and back on the way down', async () => {
    const database = await emptyDatabase(kind);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await insertOldRows(db);

      await migrateToLatest(database.db);
      expect(await assetsOf(db)).toEqual([
        {
          video_id: 'broken',
          kind: 'original',
          storage_key: 'videos/broken/original.webm',
          size_bytes: 10,
          content_type: 'video/webm',
        },
        {
          video_id: 'done',
          kind: 'playable',
          storage_key: 'videos/done/original.webm',
          size_bytes: 900,
          content_type: 'video/webm',
        },
        {
          video_id: 'done',
          kind: 'thumbnail',
          storage_key: 'videos/done/thumbnail.jpg',
          size_bytes: null,
          content_type: 'image/jpeg',
        },
        {
          video_id: 'uploading',
          kind: 'original',
          storage_key: 'videos/uploading/original.webm',
          size_bytes: 1000,
          content_type: 'video/webm',
        },
      ]);
      expect(await findVideo(database.db, 'done')).toMatchObject({
        has_video: true,
        has_thumbnail: true,
        status: 'READY',
      });
      expect(await findVideo(database.db, 'uploading')).toMatchObject({ has_video: true, has_thumbnail: false });
      expect(await findVideo(database.db, 'elsewhere')).toMatchObject({
        has_video: false,
        source_url: 'https://example.com/v.webm',
      });
      const columns = await sql<{ name: string }>`
        select column_name as name from information_schema.columns where table_name = 'videos' and column_name like '%_key'`.execute(
        db,
      );
      expect(columns.rows).toEqual([]);

      // One current asset per kind, each key once, and the rows go with their video.
      await expect(
        sql`insert into media_assets (video_id, kind, storage_key, content_type) values ('done', 'playable', 'videos/done/x.webm', 'video/webm')`.execute(
          db,
        ),
      ).rejects.toThrow();
      await expect(
        sql`insert into media_assets (video_id, kind, storage_key, content_type) values ('broken', 'edited', 'videos/done/original.webm', 'video/webm')`.execute(
          db,
        ),
      ).rejects.toThrow();
      await expect(
        sql`insert into media_assets (video_id, kind, storage_key, content_type) values ('nobody', 'original', 'videos/nobody/o.webm', 'video/webm')`.execute(
          db,
        ),
      ).rejects.toThrow();
      expect(await deleteVideo(database.db, 'broken')).toBe(true);
      expect((await assetsOf(db)).map((row) => row.video_id)).toEqual(['done', 'done', 'uploading']);

      // Back to before media_assets, whatever later migrations there are.
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const restored = await sql<{ id: string; video_key: string | null; thumbnail_key: string | null }>`
        select id, video_key, thumbnail_key from videos order by id`.execute(db);
      expect(restored.rows).toEqual([
        { id: 'done', video_key: 'videos/done/original.webm', thumbnail_key: 'videos/done/thumbnail.jpg' },
        { id: 'elsewhere', video_key: null, thumbnail_key: null },
        { id: 'uploading', video_key: 'videos/uploading/original.webm', thumbnail_key: null },
      ]);
      const tables = await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_name = 'media_assets'`.execute(db);
      expect(tables.rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
