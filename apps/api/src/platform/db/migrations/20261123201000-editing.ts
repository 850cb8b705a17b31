import { sql, type Kysely } from 'kysely';

/**
 * Non-destructive editing and player settings. `kept_ranges` is the edit the owner
 * saved (null: none), rendered by a job into the `edited` asset; `edit_version` grows with every
 * save or revert so a render of an older edit never lands; `edited_ranges` and
 * `edited_duration_seconds` describe the edited asset now playing, which stays until the next
 * render replaces it, with its own storyboard (`edited_storyboard`), so hover previews never show
 * what was cut. Chapters, the default speed, the storyboard's layout and whether captions exist
 * live beside them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('kept_ranges', 'jsonb')
    .addColumn('edit_state', 'text', (col) => col.notNull().defaultTo('NONE'))
    .addColumn('edit_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('edit_failure_reason', 'text')
    .addColumn('edited_ranges', 'jsonb')
    .addColumn('edited_duration_seconds', 'double precision')
    .addColumn('chapters', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('default_playback_rate', 'double precision')
    .addColumn('storyboard', 'jsonb')
    .addColumn('edited_storyboard', 'jsonb')
    .addColumn('has_captions', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The edited, storyboard and captions assets would lose their meaning with the columns.
  await sql`delete from media_assets where kind in ('edited', 'storyboard', 'captions')`.execute(db);
  await db.schema
    .alterTable('videos')
    .dropColumn('kept_ranges')
    .dropColumn('edit_state')
    .dropColumn('edit_version')
    .dropColumn('edit_failure_reason')
    .dropColumn('edited_ranges')
    .dropColumn('edited_duration_seconds')
    .dropColumn('chapters')
    .dropColumn('default_playback_rate')
    .dropColumn('storyboard')
    .dropColumn('edited_storyboard')
    .dropColumn('has_captions')
    .execute();
}
