import { sql, type Kysely } from 'kysely';

/**
 * ListComments in pages. A page is the next top-level comments in the video's
 * order (moment, age, id) and the replies under them: one index walks the first, one finds the
 * second, so a video with 10,000 comments answers a page without reading them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index comments_page_idx on comments (video_id, moment_seconds, created_at, id) where parent_id is null`.execute(
    db,
  );
  await sql`create index comments_parent_idx on comments (parent_id) where parent_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists comments_parent_idx`.execute(db);
  await sql`drop index if exists comments_page_idx`.execute(db);
}
