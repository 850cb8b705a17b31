import { sql, type Kysely } from 'kysely';

/**
 * The annotations the owner saved with the edit (text, arrow, box and blur; on the
 * original's timeline), as one jsonb list beside `kept_ranges`. Blur regions are rendered into the
 * `edited` version by the edit job; the others are drawn by the player.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('annotations', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('annotations').execute();
}
