import { sql, type Kysely } from 'kysely';

/**
 * One share-link model: a video's main link (ShareVideo's) becomes a row of `share_links` like the
 * named links, flagged `is_main` (at most one per video), carrying what the columns of `videos`
 * held: its token, expiry (`expires_at`, null: never; named links never expire) and gates. The
 * row keeps the token, so every link handed out keeps working, and `share_link_emails` keeps
 * naming the main link "main". The generation of signed URLs stays on `videos`: it is the video's
 * (making it private raises it too), not a link's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('share_links')
    .addColumn('is_main', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await sql`create unique index share_links_main_idx on share_links (video_id) where is_main`.execute(db);
  await sql`
    insert into share_links (id, video_id, token, name, password_hash, email_gate, is_main, expires_at, created_at)
    select gen_random_uuid()::text, id, share_token, '', share_password_hash, share_email_gate, true,
      share_expires_at, created_at
    from videos where share_token is not null`.execute(db);
  await sql`drop index videos_share_token_idx`.execute(db);
  await db.schema
    .alterTable('videos')
    .dropColumn('share_token')
    .dropColumn('share_expires_at')
    .dropColumn('share_password_hash')
    .dropColumn('share_email_gate')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('share_token', 'text')
    .addColumn('share_expires_at', 'timestamptz')
    .addColumn('share_password_hash', 'text')
    .addColumn('share_email_gate', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`
    update videos set share_token = l.token, share_expires_at = l.expires_at,
      share_password_hash = l.password_hash, share_email_gate = l.email_gate
    from share_links l where l.video_id = videos.id and l.is_main`.execute(db);
  await sql`create unique index videos_share_token_idx on videos (share_token) where share_token is not null`.execute(
    db,
  );
  await sql`delete from share_links where is_main`.execute(db);
  await sql`drop index share_links_main_idx`.execute(db);
  await db.schema.alterTable('share_links').dropColumn('is_main').dropColumn('expires_at').execute();
}
