import { sql, type Kysely } from 'kysely';

/**
 * /settings. A person's row gains what they set themselves: a display name that the ID
 * token's name no longer overwrites once edited (`name_edited`), the visibility every new video of
 * theirs starts with, the recording settings /record starts with (JSON) and the theme.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('name_edited', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('default_visibility', 'text', (col) =>
      col
        .notNull()
        .defaultTo('PRIVATE')
        .check(sql`default_visibility in ('PRIVATE', 'SHARED', 'PUBLIC')`),
    )
    .addColumn('recording_defaults', 'jsonb')
    .addColumn('theme', 'text', (col) =>
      col
        .notNull()
        .defaultTo('system')
        .check(sql`theme in ('system', 'light', 'dark')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('theme')
    .dropColumn('recording_defaults')
    .dropColumn('default_visibility')
    .dropColumn('name_edited')
    .execute();
}
