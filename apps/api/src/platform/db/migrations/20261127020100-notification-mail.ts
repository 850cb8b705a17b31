import { sql, type Kysely } from 'kysely';

/**
 * Notifications by mail. Each person chooses how (`notification_mail`: at once, a daily
 * digest, or none); each notification records when it was mailed or passed over (`mailed_at`),
 * so a digest sends only what no mail carried yet. Notifications from before are marked done:
 * turning mail on sends no backlog.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('notification_mail', 'text', (col) =>
      col
        .notNull()
        .defaultTo('immediate')
        .check(sql`notification_mail in ('immediate', 'digest', 'off')`),
    )
    .execute();
  await db.schema.alterTable('notifications').addColumn('mailed_at', 'timestamptz').execute();
  await sql`update notifications set mailed_at = created_at`.execute(db);
  await sql`create index notifications_unmailed_idx on notifications (recipient_uid, created_at) where mailed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notifications_unmailed_idx`.execute(db);
  await db.schema.alterTable('notifications').dropColumn('mailed_at').execute();
  await db.schema.alterTable('users').dropColumn('notification_mail').execute();
}
