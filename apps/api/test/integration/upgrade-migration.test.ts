// An upgrade: a database written by the previous release's schema (the last migration of
// the wave before, rows in every one of its tables) migrated to this code's latest keeps every row
// readable, column for column, on both engines. A table added to the schema before that release
// without a row here fails the first check: "every table" stays every table.
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fromPGlite, fromPostgres, type AppDatabase } from '../../src/platform/db/database';
import { migrations } from '../../src/platform/db/migrations';
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../support/test-database';

/** The last migration of the previous release (wave 2). */
const PREVIOUS_RELEASE = '20261125170000-transcripts';

async function emptyDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  return kind === 'pglite' ? fromPGlite(await PGlite.create()) : fromPostgres(await createPostgresDatabase());
}

/** Rows in every table of the previous release's schema, as that release's code would write them. */
const ROWS = sql`
  insert into users (uid, email, display_name, photo_url) values ('ann', 'ann@example.com', 'Ann', 'https://example.com/a.png');
  insert into users (uid, email, display_name) values ('bob', 'bob@example.com', 'Bob');
  insert into teams (id, name, created_by) values ('team-1', 'Crew', 'ann');
  insert into team_members (team_id, uid, role) values ('team-1', 'ann', 'owner'), ('team-1', 'bob', 'member');
  insert into team_invites (id, team_id, token_hash, role, expires_at, uses_left, created_by)
    values ('invite-1', 'team-1', 'hash', 'member', now() + interval '1 day', 3, 'ann');
  insert into folders (id, user_id, name) values ('folder-1', 'ann', 'Demos');
  insert into folders (id, user_id, name, parent_id, team_id) values ('folder-2', 'ann', 'Team', null, 'team-1');
  insert into videos (id, user_id, title, description, status, visibility, duration_seconds, size_bytes,
      share_token, folder_id, kept_ranges, chapters, storyboard, has_captions, team_id, mp4_state,
      transcript_state, transcript_language)
    values ('video-1', 'ann', 'Weekly demo', 'what we shipped', 'READY', 'PUBLIC', 12.5, 123456,
      'share-1', 'folder-1', '[{"start":0,"end":5}]', '[{"title":"Intro","start":0}]',
      '{"columns":5}', true, null, 'READY', 'DONE', 'en');
  insert into videos (id, user_id, title, status, visibility, team_id, folder_id)
    values ('video-2', 'ann', 'Team call', 'PROCESSING', 'TEAM', 'team-1', 'folder-2');
  insert into media_assets (video_id, kind, storage_key, size_bytes, content_type)
    values ('video-1', 'original', 'videos/video-1/original.webm', 123456, 'video/webm'),
           ('video-1', 'thumbnail', 'videos/video-1/thumbnail.jpg', 2000, 'image/jpeg');
  insert into tags (id, user_id, name) values ('tag-1', 'ann', 'demo');
  insert into video_tags (video_id, tag_id) values ('video-1', 'tag-1');
  insert into video_views (video_id, viewer_key, hour, viewer_address) values ('video-1', 'anon:1', date_trunc('hour', now()), '203.0.113.7');
  insert into comments (id, video_id, author_uid, author_name, text, moment_seconds) values ('comment-1', 'video-1', 'bob', 'Bob', 'Nice', 3);
  insert into comments (id, video_id, parent_id, author_uid, text, moment_seconds) values ('comment-2', 'video-1', 'comment-1', 'ann', 'Thanks', 3);
  insert into reactions (id, video_id, author_uid, emoji, moment_seconds) values ('reaction-1', 'video-1', 'bob', '👍', 4);
  insert into conversation_events (video_id, kind, subject_id) values ('video-1', 'comment_added', 'comment-1');
  insert into notifications (id, recipient_uid, kind, video_id, comment_id, actor_uid, actor_name, text)
    values ('notification-1', 'ann', 'comment', 'video-1', 'comment-1', 'bob', 'Bob', 'Nice');
  insert into playback_ranges (video_id, session_id, viewer_key, uid, start_seconds, end_seconds)
    values ('video-1', 'user:bob/s1', 'user:bob', 'bob', 0, 6.5);
  insert into transcript_segments (video_id, position, start_seconds, end_seconds, text, words)
    values ('video-1', 0, 0, 2.5, 'hello there', '[{"word":"hello","start":0,"end":1}]');
  insert into job_workers (id, host, pid) values ('worker-1', 'host boot ns', 4242);
  insert into job_claims (job_id, queue, worker_id) values ('00000000-0000-4000-8000-000000000001', 'video-processing', 'worker-1');
`;

/**
 * Columns of the previous release that moved since, each read where it lives now: the same values,
 * compared as before. The main share link became a share_links row (20261208110000-main-share-links).
 */
const MOVED: Record<string, Record<string, string>> = {
  videos: {
    share_token: '(select l.token from share_links l where l.video_id = t.id and l.is_main)',
    share_expires_at: '(select l.expires_at from share_links l where l.video_id = t.id and l.is_main)',
  },
};

describe.each(databaseKinds)('an upgrade from the previous release on %s', (kind) => {
  it('keeps every row of every table readable, column for column', async () => {
    const database = await emptyDatabase(kind);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(PREVIOUS_RELEASE)).error).toBeUndefined();
      if (kind === 'pglite') await database.executor.executeSql(ROWS.compile(db).sql);
      else await ROWS.execute(db);

      const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely%'
        order by c.table_name, c.ordinal_position`.execute(db);
      const tables = new Map<string, string[]>();
      for (const { table_name, column_name } of columns)
        tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
      expect(tables.size).toBeGreaterThan(15);

      // Each table's rows as the previous release's columns, in a stable order.
      const read = async (moved: typeof MOVED = {}) => {
        const all: Record<string, string[]> = {};
        for (const [table, names] of tables) {
          const list = names
            .map((name) => (moved[table]?.[name] ? `${moved[table][name]} as "${name}"` : `t."${name}"`))
            .join(', ');
          const { rows } = await sql<{ row: string }>`
            select row_to_json(r)::text as row from (select ${sql.raw(list)} from ${sql.table(table)} t) r`.execute(db);
          all[table] = rows.map((row) => row.row).sort();
        }
        return all;
      };
      const before = await read();
      const empty = Object.entries(before)
        .filter(([, rows]) => rows.length === 0)
        .map(([table]) => table);
      expect(empty, 'tables of the previous release this test writes no row in').toEqual([]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await read(MOVED)).toEqual(before);
      // And through this code's own typed reads.
      const videos = await database.db.selectFrom('videos').selectAll().orderBy('id').execute();
      expect(videos.map((video) => [video.id, video.title, video.visibility])).toEqual([
        ['video-1', 'Weekly demo', 'PUBLIC'],
        ['video-2', 'Team call', 'TEAM'],
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
