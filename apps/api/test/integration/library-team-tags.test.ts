// A team's tag filter counts through the team and tag name carried on each tag link
// (migration 20261126010000), which the database keeps current as videos are tagged, moved in and out of
// teams, and as teams go; its answers stay those of the plain definition (a team video carrying a
// tag of that name, whoever's tag it is), on both engines, and the migration fills the column for
// links made before it.
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPGlite, type AppDatabase } from '../../src/platform/db/database';
import { listFilteredVideos, type VideoFilter } from '../../src/library/library-video.repository';
import { migrations } from '../../src/platform/db/migrations';
import type { Database } from '../../src/platform/db/schema';
import { databaseKinds, openTestDatabase } from '../support/test-database';

const TEAM = 'crew';

/** Runs statements one by one (PGlite prepares each query, and a prepared statement holds one). */
async function run(db: Kysely<unknown>, script: string) {
  for (const statement of script.split(/;\s*$/m).map((text) => text.trim()))
    if (statement) await sql.raw(statement).execute(db);
}

describe.each(databaseKinds)('team tag filter on %s', (kind) => {
  let database: AppDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    const db0 = db as unknown as Kysely<unknown>;
    // Ann and Bob tag the team's videos with their own tags (Red, blue; RED, Blue: one name
    // whatever the case); Ann's personal videos and Cy's (in another team) carry tags named red too.
    // 1,300 team videos: every 4th Ann's "Red" (325), every 5th Bob's "RED" (260), every 6th blue.
    await run(
      db0,
      `
      insert into users (uid) values ('ann'), ('bob'), ('cy');
      insert into teams (id, name, created_by) values ('${TEAM}', 'Crew', 'ann'), ('other', 'Other', 'cy');
      insert into tags (id, user_id, name) values
        ('ann-red', 'ann', 'Red'), ('ann-blue', 'ann', 'blue'), ('bob-red', 'bob', 'RED'),
        ('bob-blue', 'bob', 'Blue'), ('cy-red', 'cy', 'red');
      insert into videos (id, user_id, team_id, title, description, status, visibility, created_at)
      select 't-' || g, case when g % 2 = 0 then 'ann' else 'bob' end, '${TEAM}', 'Video ' || g, '', 'READY',
        'TEAM', now() - g * interval '1 minute'
      from generate_series(1, 1300) g;
      insert into videos (id, user_id, team_id, title, description, status, visibility, created_at)
      select 'p-' || g, case when g % 2 = 0 then 'ann' else 'cy' end, case when g % 2 = 1 then 'other' end,
        'Mine ' || g, '', 'READY', case when g % 2 = 1 then 'TEAM' else 'PRIVATE' end, now() - g * interval '1 minute'
      from generate_series(1, 600) g;
      insert into video_tags (video_id, tag_id)
      select 't-' || g, case when g % 4 = 0 then 'ann-red' else 'bob-red' end
      from generate_series(1, 1300) g where g % 4 = 0 or (g % 5 = 0 and g % 2 = 1);
      insert into video_tags (video_id, tag_id)
      select 't-' || g, case when g % 2 = 0 then 'ann-blue' else 'bob-blue' end
      from generate_series(1, 1300) g where g % 6 = 0 or g % 9 = 0;
      insert into video_tags (video_id, tag_id)
      select 'p-' || g, case when g % 2 = 0 then 'ann-red' else 'cy-red' end from generate_series(1, 600) g;
      analyze;`,
    );
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  /** The team's videos carrying a tag of every one of `names`, newest first, by the plain definition. */
  async function expected(names: string[]) {
    const rows = await sql<{ id: string }>`
      select id from videos v where team_id = ${TEAM} and ${sql.join(
        names.map(
          (name) => sql`exists (select 1 from video_tags vt join tags t on t.id = vt.tag_id
            where vt.video_id = v.id and lower(t.name) = ${name})`,
        ),
        sql` and `,
      )}
      order by created_at desc, seq desc`.execute(db);
    return rows.rows.map((row) => row.id);
  }

  async function filter(names: string[], page = 0) {
    const byNames: VideoFilter = { tagIds: [], tagNames: names, order: 'newest' };
    return listFilteredVideos(db, { userId: 'ann', teamId: TEAM }, byNames, { size: 10, number: page });
  }

  async function expectSameAnswers(names: string[]) {
    const want = await expected(names);
    const first = await filter(names);
    expect(first.total).toBe(Math.min(want.length, 1001));
    expect(first.rows.map((row) => row.id)).toEqual(want.slice(0, 10));
    expect((await filter(names, 3)).rows.map((row) => row.id)).toEqual(want.slice(30, 40));
    return want.length;
  }

  it('counts and pages one tag name, whoever tagged, as the plain definition does', async () => {
    expect(await expectSameAnswers(['red'])).toBeGreaterThan(400);
    expect(await expectSameAnswers(['blue', 'red'])).toBeGreaterThan(50);
  });

  it('follows videos tagged in the team, moved out, moved in and returned when their team goes', async () => {
    await sql`update videos set team_id = null, visibility = 'PRIVATE' where id in ('t-4', 't-8')`.execute(db);
    await sql`update videos set team_id = ${TEAM}, visibility = 'TEAM' where id in ('p-2', 'p-4')`.execute(db);
    await sql`update videos set team_id = ${TEAM} where id = 'p-1'`.execute(db); // Cy's, from the other team
    await sql`insert into video_tags (video_id, tag_id) values ('t-1', 'bob-red'), ('t-3', 'bob-blue')`.execute(db);
    const want = await expected(['red']);
    expect(want).toEqual(expect.arrayContaining(['p-2', 'p-4', 'p-1', 't-1']));
    expect(want).not.toContain('t-4');
    await expectSameAnswers(['red']);
    await expectSameAnswers(['red', 'blue']);

    // A team deleted: its videos go back to their owners, and its filter finds nothing of them.
    await sql`delete from teams where id = 'other'`.execute(db);
    const links = await sql<{ n: number }>`
      select count(*)::int as n from video_tags vt join videos v on v.id = vt.video_id
      where vt.team_id is distinct from v.team_id`.execute(db);
    expect(links.rows[0]!.n).toBe(0);
  });

  it('counts past the cap as 1,001', async () => {
    await sql`
      insert into video_tags (video_id, tag_id)
      select 't-' || g, case when g % 2 = 0 then 'ann-red' else 'bob-red' end from generate_series(1, 1300) g
      on conflict do nothing`.execute(db);
    const want = await expected(['red']);
    expect(want.length).toBeGreaterThan(1001);
    expect((await filter(['red'])).total).toBe(1001);
  });
});

describe('video tags team migration', () => {
  it('gives links made before it their video team, and goes back down', async () => {
    const database = fromPGlite(await PGlite.create());
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('20261125170000-transcripts')).error).toBeUndefined();
      await run(
        db,
        `
        insert into users (uid) values ('ann');
        insert into teams (id, name, created_by) values ('crew', 'Crew', 'ann');
        insert into tags (id, user_id, name) values ('red', 'ann', 'Red');
        insert into videos (id, user_id, team_id, title, description, status, visibility)
        values ('in', 'ann', 'crew', 'In', '', 'READY', 'TEAM'), ('out', 'ann', null, 'Out', '', 'READY', 'PRIVATE');
        insert into video_tags (video_id, tag_id) values ('in', 'red'), ('out', 'red');`,
      );
      expect((await migrator.migrateTo('20261126010000-video-tags-team')).error).toBeUndefined();
      const after = await sql<{ video_id: string; team_id: string | null; tag_key: string }>`
        select video_id, team_id, tag_key from video_tags order by video_id`.execute(db);
      expect(after.rows).toEqual([
        { video_id: 'in', team_id: 'crew', tag_key: 'red' },
        { video_id: 'out', team_id: null, tag_key: 'red' },
      ]);
      expect((await migrator.migrateTo('20261125170000-transcripts')).error).toBeUndefined();
      await sql`update videos set team_id = null`.execute(db); // no trigger left behind to fail
      const columns = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.columns
        where table_name = 'video_tags' and column_name = 'team_id'`.execute(db);
      expect(columns.rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
