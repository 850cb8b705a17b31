import type { Kysely } from 'kysely';

/**
 * The generation of a video's signed stream and thumbnail URLs. It is part of their
 * signature and goes up when the owner narrows who may read the video (makes it private, resets
 * or shortens its link), so the URLs handed out before stop working at once, not when they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('link_generation', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('link_generation').execute();
}
