import { sql, type Kysely } from 'kysely';

/**
 * Links that know their audience. The main link (videos.share_token) may ask a
 * password (kept as an scrypt hash) or the viewer's email; `share_links` are the named links, one
 * per recipient, each with its own token and the same two gates; a revoked one keeps its row (its
 * views stay attributed) but stops working. `share_link_emails`: the emails given to a video's
 * email gates. The call to action sits on the video, its clicks counted beside it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('share_password_hash', 'text')
    .addColumn('share_email_gate', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('cta_label', 'text')
    .addColumn('cta_url', 'text')
    .addColumn('cta_placement', 'text', (col) => col.check(sql`cta_placement in ('END', 'THROUGHOUT')`))
    .addColumn('cta_clicks', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('email_gate', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('share_links_video_idx').on('share_links').columns(['video_id', 'created_at']).execute();

  await db.schema
    .createTable('share_link_emails')
    .addColumn('video_id', 'text', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('link_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('share_link_emails_pk', ['video_id', 'email'])
    .execute();

  // Who a signed-out viewer's playback is attributed to: "Dana (link)", "dana@example.com (email)".
  await db.schema.alterTable('playback_ranges').addColumn('viewer_label', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('playback_ranges').dropColumn('viewer_label').execute();
  await db.schema.dropTable('share_link_emails').execute();
  await db.schema.dropTable('share_links').execute();
  await db.schema
    .alterTable('videos')
    .dropColumn('share_password_hash')
    .dropColumn('share_email_gate')
    .dropColumn('cta_label')
    .dropColumn('cta_url')
    .dropColumn('cta_placement')
    .dropColumn('cta_clicks')
    .execute();
}
