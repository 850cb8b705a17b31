// The editing migration on both engines: existing videos get no edit and empty settings, the
// repository reads and writes the new columns, and the way down removes them and the new assets.
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fromPGlite, fromPostgres, type AppDatabase } from '../../src/platform/db/database';
import { findPendingEdit, markEditApplied, saveEdit } from '../../src/edits/edit.repository';
import { migrations } from '../../src/platform/db/migrations';
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../support/test-database';

const BEFORE = '20261123200000-library';
const THIS = '20261123201000-editing';

async function emptyDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  return kind === 'pglite' ? fromPGlite(await PGlite.create()) : fromPostgres(await createPostgresDatabase());
}

const editColumns = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_name = 'videos' and column_name in ('kept_ranges', 'edit_state', 'chapters', 'storyboard', 'has_captions')
      order by column_name`.execute(db)
  ).rows.map((row) => row.name);

describe.each(databaseKinds)('editing migration on %s', (kind) => {
  it('adds the editing columns to existing videos, and removes them and the new assets on the way down', async () => {
    const database = await emptyDatabase(kind);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await sql`insert into videos (id, user_id, title, description, status, visibility)
        values ('old', 'u', 'Old', '', 'READY', 'PRIVATE')`.execute(db);

      expect((await migrator.migrateTo(THIS)).error).toBeUndefined();
      expect(await editColumns(db)).toEqual(['chapters', 'edit_state', 'has_captions', 'kept_ranges', 'storyboard']);
      const before = await sql<Record<string, unknown>>`
        select kept_ranges, edit_state, edit_version, chapters, default_playback_rate, has_captions
        from videos where id = 'old'`.execute(db);
      expect(before.rows[0]).toEqual({
        kept_ranges: null,
        edit_state: 'NONE',
        edit_version: 0,
        chapters: [],
        default_playback_rate: null,
        has_captions: false,
      });
      // The repository is today's: it also writes columns later migrations add (mp4_state).
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const version = await saveEdit(database.db, 'old', [{ start: 1, end: 2.5 }]);
      expect(version).toBe(1);
      expect(await findPendingEdit(database.db, 'old', 1)).toEqual({
        ranges: [{ start: 1, end: 2.5 }],
        annotations: [],
      });
      expect(await findPendingEdit(database.db, 'old', 0)).toBeUndefined();
      const applied = { ranges: [{ start: 1, end: 2.48 }], durationSeconds: 1.48, storyboard: null };
      expect(await markEditApplied(database.db, 'old', 0, applied)).toBe(false); // an older version lands nowhere
      expect(await markEditApplied(database.db, 'old', 1, applied)).toBe(true);
      await sql`insert into media_assets (video_id, kind, storage_key, size_bytes, content_type)
        values ('old', 'playable', 'videos/old/p.webm', 1, 'video/webm'),
               ('old', 'edited', 'videos/old/e.webm', 1, 'video/webm')`.execute(db);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect(await editColumns(db)).toEqual([]);
      const kinds = await sql<{ kind: string }>`select kind from media_assets order by kind`.execute(db);
      expect(kinds.rows.map((row) => row.kind)).toEqual(['playable']);
    } finally {
      await database.close();
    }
  });
});
