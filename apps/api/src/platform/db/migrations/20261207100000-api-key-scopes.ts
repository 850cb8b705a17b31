import { sql, type Kysely } from 'kysely';

/**
 * What a personal API key may do: `read` (calls that change nothing) or `read_write`. Keys made
 * before scopes existed read and wrote, so they keep doing so (the default fills their rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('scope', 'text', (col) =>
      col
        .notNull()
        .defaultTo('read_write')
        .check(sql`scope in ('read', 'read_write')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('scope').execute();
}
