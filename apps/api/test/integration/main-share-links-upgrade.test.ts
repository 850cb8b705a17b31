// The main share link moved from columns of `videos` into a `share_links` row (migration
// 20261208110000-main-share-links). A database written before it, with main links of every kind
// (plain, gated and expiring, expired, on a video made private) and named links (working and
// revoked), upgrades with every token doing what it did: through the real server's RPCs and watch
// pages, signed out, on PGlite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { Code } from '@connectrpc/connect';
import { ShareLinkService, VideoService } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { fromPGlite, fromPostgres, type AppDatabase } from '../../src/platform/db/database';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { migrations } from '../../src/platform/db/migrations';
import { build } from '../../src/server';
import { hashLinkPassword } from '../../src/sharing/link-password';
import { serviceClient } from '../support/clients';
import { failureCode } from '../support/rpc-failure';
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../support/test-database';

/** The last migration before the main link moved. */
const BEFORE = '20261207150000-transcript-certain-text';
const NAMED_ID = '8d3c0b1e-5a43-4c55-9d1e-4c1f2a3b4c5d';

async function emptyDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  return kind === 'pglite' ? fromPGlite(await PGlite.create()) : fromPostgres(await createPostgresDatabase());
}

describe.each(databaseKinds)('main links from before the share_links row, on %s', (kind) => {
  it('upgrade with every token working as before: same token, expiry, gates, revocations and counts', async () => {
    const database = await emptyDatabase(kind);
    const db = database.db as unknown as Kysely<unknown>;
    const dataDir = mkdtempSync(join(tmpdir(), 'stream-main-links-'));
    let closed = false;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const hash = await hashLinkPassword('sesame');
      await sql`insert into users (uid, email, display_name) values ('ann', 'ann@example.com', 'Ann')`.execute(db);
      await sql`
        insert into videos (id, user_id, title, status, visibility, share_token, share_expires_at,
            share_password_hash, share_email_gate)
        values
          ('video-plain', 'ann', 'Plain', 'READY', 'SHARED', 'token-plain', null, null, false),
          ('video-gated', 'ann', 'Gated', 'READY', 'PUBLIC', 'token-gated', now() + interval '2 days', ${hash}, true),
          ('video-expired', 'ann', 'Expired', 'READY', 'SHARED', 'token-expired', now() - interval '1 hour', null, false),
          ('video-private', 'ann', 'Private', 'READY', 'PRIVATE', 'token-private', null, null, false),
          ('video-unshared', 'ann', 'Unshared', 'READY', 'SHARED', null, null, null, false)`.execute(db);
      await sql`
        insert into share_links (id, video_id, token, name, password_hash, email_gate, revoked_at)
        values (${NAMED_ID}, 'video-plain', 'token-dana', 'Dana', null, false, null),
               ('1b2c3d4e-0000-4000-8000-000000000002', 'video-plain', 'token-revoked', 'Eve', null, false, now())`.execute(
        db,
      );
      await sql`insert into share_link_emails (video_id, email, link_id) values ('video-gated', 'dana@example.com', 'main')`.execute(
        db,
      );
      await sql`insert into video_views (video_id, viewer_key, hour)
        values ('video-plain', ${`link:${NAMED_ID}:browser-1`}, date_trunc('hour', now()))`.execute(db);
      const expiryBefore = (
        await sql<{ at: Date }>`select share_expires_at as at from videos where id = 'video-gated'`.execute(db)
      ).rows[0]!.at;

      await migrateToLatest(database.db);

      // Stored as rows of share_links now, the columns of videos gone.
      const { rows: main } = await sql<{ video_id: string; token: string; expires_at: Date | null; pw: string | null }>`
        select video_id, token, expires_at, password_hash as pw from share_links where is_main order by video_id`.execute(
        db,
      );
      expect(main.map((row) => [row.video_id, row.token])).toEqual([
        ['video-expired', 'token-expired'],
        ['video-gated', 'token-gated'],
        ['video-plain', 'token-plain'],
        ['video-private', 'token-private'],
      ]);
      const gated = main.find((row) => row.video_id === 'video-gated')!;
      expect(new Date(gated.expires_at!).getTime()).toBe(new Date(expiryBefore).getTime());
      expect(gated.pw).toBe(hash);
      const { rows: columns } = await sql<{ name: string }>`
        select column_name as name from information_schema.columns
        where table_name = 'videos' and column_name like 'share%'`.execute(db);
      expect(columns).toEqual([]);

      const config = loadConfig({
        DATA_DIR: dataDir,
        WEB_DIST: join(dataDir, 'no-web-app'),
        WORKER: 'false',
        FIREBASE_PROJECT_ID: 'demo-stream',
        TRANSCRIBE: 'off',
      });
      const app = await build(config, { database });
      closed = true; // the server closes the database
      try {
        const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
        const videos = serviceClient(VideoService, baseUrl);
        const links = serviceClient(ShareLinkService, baseUrl);
        const page = async (path: string) => {
          const response = await fetch(new URL(path, baseUrl));
          await response.arrayBuffer();
          return response.status;
        };

        // Working: the plain main link and the named link.
        expect((await videos.getSharedVideo({ shareToken: 'token-plain' })).title).toBe('Plain');
        expect((await videos.getSharedVideo({ shareToken: 'token-dana' })).title).toBe('Plain');
        expect(await page('/s/token-plain')).toBe(200);
        expect(await page('/s/token-dana')).toBe(200);

        // The gated main link still asks, and its old password still opens it.
        expect(await failureCode(videos.getSharedVideo({ shareToken: 'token-gated' }))).toBe(Code.PermissionDenied);
        expect(await links.getShareLinkGate({ shareToken: 'token-gated' })).toMatchObject({
          passwordRequired: true,
          emailRequired: true,
          unlocked: false,
        });
        expect(
          await failureCode(
            links.unlockShareLink({ shareToken: 'token-gated', password: 'wrong', email: 'eve@example.com' }),
          ),
        ).toBe(Code.PermissionDenied);
        const { pass } = await links.unlockShareLink({
          shareToken: 'token-gated',
          password: 'sesame',
          email: 'eve@example.com',
        });
        const holder = serviceClient(VideoService, baseUrl, { headers: { 'x-share-pass': pass } });
        expect((await holder.getSharedVideo({ shareToken: 'token-gated' })).title).toBe('Gated');

        // Still refused alike: expired, on a private video, revoked, never minted.
        for (const token of ['token-expired', 'token-private', 'token-revoked', 'token-unknown']) {
          expect(await failureCode(videos.getSharedVideo({ shareToken: token })), token).toBe(Code.NotFound);
          expect(await page(`/s/${token}`), token).toBe(404);
        }

        // The counts kept: the named link's view, both emails the gate took (the old one and the new).
        const { rows: counts } = await sql<{ views: string | number; emails: string | number }>`
          select (select count(*) from video_views where viewer_key like ${`link:${NAMED_ID}:%`}) as views,
                 (select count(*) from share_link_emails where video_id = 'video-gated') as emails`.execute(db);
        expect(Number(counts[0]!.views)).toBe(1);
        expect(Number(counts[0]!.emails)).toBe(2);
      } finally {
        await app.close();
      }
    } finally {
      if (!closed) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
