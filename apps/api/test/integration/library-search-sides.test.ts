// The library's search counts and pages its title matches and its
// transcript-only matches apart (so that each can use its own index: as one `or`, PostgreSQL read
// every video of a 100,000-video library for a rare word); its answers stay those of the plain
// definition (title, description or transcript), in order, on PostgreSQL with statistics (common
// words are read newest first, rare ones through the index).
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFilteredVideos, type LibraryScope, type VideoFilter } from '../../src/library/library-video.repository';
import type { Database } from '../../src/platform/db/schema';
import { createPostgresDatabase } from '../support/test-database';
import { migrateToLatest } from '../../src/platform/db/migrate';

const VIDEOS = 4000;
const team: LibraryScope = { userId: 'owner', teamId: 'team-plan' };

describe('library search plans on PostgreSQL', () => {
  let pool: pg.Pool;
  let db: Kysely<Database>;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createPostgresDatabase(), max: 2 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await migrateToLatest(db);
    // Half the titles say "meeting", every thousandth "zephyr"; three other videos say "zephyr"
    // only in their transcripts. A personal library beside the team's, as large.
    await sql`
      insert into teams (id, name, created_by) values ('team-plan', 'Plan team', 'owner');
      insert into videos (id, user_id, team_id, title, description, status, visibility, created_at)
      select 'v-' || g, 'owner', case when g % 2 = 0 then 'team-plan' end,
        case when g % 4 < 2 then 'Weekly meeting ' else 'Review ' end
          || case when g % 1000 = 0 then 'zephyr ' else '' end || g,
        'Notes', 'READY', 'PRIVATE', now() - g * interval '1 minute'
      from generate_series(1, ${sql.lit(VIDEOS * 2)}) g;
      insert into transcript_segments (video_id, position, start_seconds, end_seconds, text)
      select 'v-' || g, 0, 0, 1, 'we said zephyr here' from unnest(array[2, 502, 1002, 1000]) g;
      analyze;`.execute(db);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
  });

  /** The ids the plain definition gives, newest first, and how many (up to 1,001). */
  async function expected(word: string) {
    const rows = await sql<{ id: string }>`
      select id from videos where team_id = 'team-plan' and (
        search_vector @@ to_tsquery('simple', ${word + ':*'})
        or exists (select 1 from transcript_segments t where t.video_id = videos.id
          and t.search_vector @@ to_tsquery('simple', ${word + ':*'})))
      order by created_at desc, seq desc`.execute(db);
    return rows.rows.map((row) => row.id);
  }

  async function search(word: string, page = 0) {
    const filter: VideoFilter = { tsquery: `${word}:*`, tagIds: [], order: 'newest' };
    const result = await listFilteredVideos(db, team, filter, { size: 10, number: page });
    return result;
  }

  it('finds a rare word by title and by transcript alone, each once and in order', async () => {
    const want = await expected('zephyr');
    expect(want.length).toBe((VIDEOS * 2) / 1000 + 3); // v-1000, v-2000 … by title; v-2, v-502, v-1002 by transcript alone
    const found = await search('zephyr');
    expect(found.total).toBe(want.length);
    expect(found.rows.map((row) => row.id)).toEqual(want.slice(0, 10));
    expect((await search('zephyr', 1)).rows.map((row) => row.id)).toEqual(want.slice(10, 20));
  });

  it('counts a common word up to 1,001 and pages it as the plain definition does', async () => {
    const want = await expected('meeting');
    expect(want.length).toBe(VIDEOS / 2);
    const first = await search('meeting');
    expect(first.total).toBe(1001);
    expect(first.rows.map((row) => row.id)).toEqual(want.slice(0, 10));
    const later = await search('meeting', 30);
    expect(later.rows.map((row) => row.id)).toEqual(want.slice(300, 310));
    expect(later.hasMore).toBe(true);
  });
});
