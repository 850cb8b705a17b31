import { sql, type Kysely } from 'kysely';

/**
 * ListComments' first page counts the whole video's comments and reactions per stretch
 * (`momentCounts`). These indexes hold just what that grouped query reads (the video, the moment,
 * and only the comments it counts), so it walks one video's index entries, not its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index comments_moment_idx on comments (video_id, moment_seconds) where parent_id is null and deleted_at is null`.execute(
    db,
  );
  await sql`create index reactions_moment_idx on reactions (video_id, moment_seconds)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists reactions_moment_idx`.execute(db);
  await sql`drop index if exists comments_moment_idx`.execute(db);
}
