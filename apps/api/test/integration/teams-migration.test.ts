// The teams migration on both engines: users, teams, members and invites, videos in a
// team that return to their owner when it goes, the TEAM visibility, and back down.
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fromPGlite, fromPostgres, type AppDatabase } from '../../src/platform/db/database';
import { migrations } from '../../src/platform/db/migrations';
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../support/test-database';

const BEFORE = '20261124050000-client-upload-ids';
const TEAMS = '20261125130000-teams';

async function emptyDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  return kind === 'pglite' ? fromPGlite(await PGlite.create()) : fromPostgres(await createPostgresDatabase());
}

describe.each(databaseKinds)('teams migration on %s', (kind) => {
  it('adds teams beside existing videos, enforces roles and uses, and goes back down', async () => {
    const database = await emptyDatabase(kind);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await sql`
        insert into videos (id, user_id, title, description, status, visibility)
        values ('old', 'a', 'Weekly', '', 'READY', 'PRIVATE')`.execute(db);
      await expect(sql`update videos set visibility = 'TEAM'`.execute(db)).rejects.toThrow();

      expect((await migrator.migrateTo(TEAMS)).error).toBeUndefined();
      await sql`insert into users (uid, email, display_name) values ('a', 'a@example.com', 'Ann')`.execute(db);
      await sql`insert into teams (id, name, created_by) values ('t', 'Crew', 'a')`.execute(db);
      await sql`insert into team_members (team_id, uid, role) values ('t', 'a', 'owner')`.execute(db);
      await expect(
        sql`insert into team_members (team_id, uid, role) values ('t', 'a', 'member')`.execute(db),
      ).rejects.toThrow(); // one membership per person
      await expect(
        sql`insert into team_members (team_id, uid, role) values ('t', 'nobody', 'member')`.execute(db),
      ).rejects.toThrow(); // members are people who signed in
      await sql`insert into users (uid) values ('b')`.execute(db);
      await expect(
        sql`insert into team_members (team_id, uid, role) values ('t', 'b', 'boss')`.execute(db),
      ).rejects.toThrow();
      await sql`
        insert into team_invites (id, team_id, token_hash, role, expires_at, uses_left, created_by)
        values ('i', 't', 'h', 'member', now() + interval '1 day', 1, 'a')`.execute(db);
      await expect(sql`update team_invites set uses_left = -1`.execute(db)).rejects.toThrow();

      await sql`update videos set team_id = 't', visibility = 'TEAM'`.execute(db);
      await expect(sql`update videos set team_id = 'no-such-team'`.execute(db)).rejects.toThrow();
      await sql`delete from teams where id = 't'`.execute(db);
      const after = await sql<{ team_id: string | null }>`select team_id from videos`.execute(db);
      expect(after.rows).toEqual([{ team_id: null }]);
      const left = await sql<{ n: number }>`
        select (select count(*) from team_members)::int + (select count(*) from team_invites)::int as n`.execute(db);
      expect(left.rows[0]!.n).toBe(0);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const back = await sql<{ visibility: string }>`select visibility from videos`.execute(db);
      expect(back.rows).toEqual([{ visibility: 'PRIVATE' }]); // TEAM is not a visibility before teams
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
