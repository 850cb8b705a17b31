import { sql, type Kysely } from 'kysely';

/**
 * Webhooks. A hook is a person's (team_id null: their own videos) or a team's
 * (the team's videos); its secret signs every delivery, so it is kept as it is (shown once).
 * Each event for a hook is one delivery row: its JSON body as sent, its status and its attempts.
 * Deleting the hook, or its team, deletes its deliveries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_uid', 'text', (col) => col.notNull())
    .addColumn('team_id', 'text', (col) => col.references('teams.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('events', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhooks_owner_idx').on('webhooks').columns(['owner_uid', 'team_id']).execute();
  await db.schema.createIndex('webhooks_team_idx').on('webhooks').column('team_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('webhook_id', 'text', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    // Set for events that must reach a hook once however often they are seen (a view milestone).
    .addColumn('once_key', 'text')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_response_code', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_hook_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_once_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'once_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
