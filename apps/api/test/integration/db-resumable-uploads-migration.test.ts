// The resumable-uploads migration on both engines: existing videos get no upload state, the
// columns and index come and go, and the repository reads them back.
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fromPGlite, fromPostgres, type AppDatabase } from '../../src/platform/db/database';
import { migrations } from '../../src/platform/db/migrations';
import { findAbandonedUploads, findUploadState, finishUpload } from '../../src/uploads/resumable-upload.repository';
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../support/test-database';

const BEFORE = '20261123180000-sharing-and-views';
const THIS = '20261123202000-resumable-uploads';

async function emptyDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  return kind === 'pglite' ? fromPGlite(await PGlite.create()) : fromPostgres(await createPostgresDatabase());
}

const columns = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_name = 'videos' and column_name like 'upload_%' order by column_name`.execute(db)
  ).rows.map((row) => row.name);

describe.each(databaseKinds)('resumable-uploads migration on %s', (kind) => {
  it('adds the upload columns to existing videos, and removes them on the way down', async () => {
    const database = await emptyDatabase(kind);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await sql`insert into videos (id, user_id, title, description, status, visibility)
        values ('old', 'u', 'Old', '', 'READY', 'PRIVATE'), ('live', 'u', 'Live', '', 'PROCESSING', 'PRIVATE')`.execute(
        db,
      );

      expect((await migrator.migrateTo(THIS)).error).toBeUndefined();
      expect(await columns(db)).toEqual(['upload_active_at', 'upload_length']);
      expect(await findUploadState(database.db, 'old')).toEqual({ userId: 'u', active: false });
      const idle = new Date(Date.now() - 3_600_000);
      await sql`update videos set upload_active_at = ${idle} where id = 'live'`.execute(db);
      // Today's repository reads columns later migrations add (upload_bytes_at): the rest runs on the latest schema.
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await findAbandonedUploads(database.db, { idleBefore: new Date(), emptyBefore: new Date(0) })).toEqual([
        'live',
      ]);
      expect(await finishUpload(database.db, 'live', 5_000_000_000)).toBe(true);
      expect(await findUploadState(database.db, 'live')).toEqual({ userId: 'u', active: false, length: 5_000_000_000 });
      expect(await finishUpload(database.db, 'live', 1)).toBe(false); // finished once only

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect(await columns(db)).toEqual([]);
      const kept = await sql<{ id: string }>`select id from videos order by id`.execute(db);
      expect(kept.rows.map((row) => row.id)).toEqual(['live', 'old']);
    } finally {
      await database.close();
    }
  });
});
