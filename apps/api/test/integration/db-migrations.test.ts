// The migrations run forwards and backwards on both engines.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { migrations } from '../../src/platform/db/migrations';
import { insertVideo, listVideosOfUser } from '../../src/videos/video.repository';
import { databaseKinds, openTestDatabase } from '../support/test-database';

describe.each(databaseKinds)('migrations on %s', (kind) => {
  it('undo every step, then bring the schema back', async () => {
    const database = await openTestDatabase(kind);
    try {
      const tables = async () => {
        const result = await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_name in ('videos', 'media_assets', 'video_views') order by table_name`.execute(
          database.db,
        );
        return result.rows.map((row) => row.name);
      };
      expect(await tables()).toEqual(['media_assets', 'video_views', 'videos']);
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      for (let step = 0; step < Object.keys(migrations).length; step++) {
        const { error } = await migrator.migrateDown();
        expect(error).toBeUndefined();
      }
      expect(await tables()).toEqual([]);
      await migrateToLatest(database.db);
      await migrateToLatest(database.db); // a second run changes nothing
      expect(await tables()).toEqual(['media_assets', 'video_views', 'videos']);

      await insertVideo(database.db, {
        id: 'a',
        user_id: 'u',
        title: 't',
        description: '',
        status: 'READY',
        visibility: 'PUBLIC',
        size_bytes: 5_000_000_000,
      });
      const { rows } = await listVideosOfUser(database.db, 'u', { size: 10, number: 0 });
      expect(Number(rows[0]!.size_bytes)).toBe(5_000_000_000);
      expect(rows[0]).toMatchObject({ owner_name: '', share_expires_at: null });
      expect(Number(rows[0]!.view_count)).toBe(0);
      await expect(
        insertVideo(database.db, {
          id: 'b',
          user_id: 'u',
          title: 't',
          description: '',
          status: 'LOST' as never,
          visibility: 'PUBLIC',
        }),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
