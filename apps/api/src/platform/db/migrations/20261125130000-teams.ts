import { sql, type Kysely } from 'kysely';

/**
 * Teams. `users` mirrors the ID token's claims (kept current by the API, never edited
 * here by hand); a team has members with one role each; an invite stores only the SHA-256 of its
 * token (a leaked database does not leak working links) and counts its uses down. A video belongs
 * to at most one team: deleting the team sends it back to its owner's personal library.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('uid', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('display_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('photo_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'text', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('uid', 'text', (col) => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('joined_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_members_pkey', ['team_id', 'uid'])
    .execute();
  // "My teams" reads by uid; the primary key serves reads by team.
  await db.schema.createIndex('team_members_uid_idx').on('team_members').columns(['uid', 'team_id']).execute();

  await db.schema
    .createTable('team_invites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('team_id', 'text', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('uses_left', 'integer', (col) => col.notNull().check(sql`uses_left >= 0`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('team_invites_team_idx').on('team_invites').columns(['team_id', 'created_at']).execute();

  await db.schema
    .alterTable('videos')
    .addColumn('team_id', 'text', (col) => col.references('teams.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('videos_team_created_idx')
    .on('videos')
    .columns(['team_id', 'created_at desc', 'seq desc'])
    .where(sql.ref('team_id'), 'is not', null)
    .execute();
  // TEAM: only signed-in members of the video's team (besides its owner).
  await sql`alter table videos drop constraint videos_visibility_check`.execute(db);
  await sql`alter table videos add constraint videos_visibility_check
    check (visibility in ('PRIVATE', 'SHARED', 'PUBLIC', 'TEAM'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update videos set visibility = 'PRIVATE' where visibility = 'TEAM'`.execute(db);
  await sql`alter table videos drop constraint videos_visibility_check`.execute(db);
  await sql`alter table videos add constraint videos_visibility_check
    check (visibility in ('PRIVATE', 'SHARED', 'PUBLIC'))`.execute(db);
  await db.schema.dropIndex('videos_team_created_idx').execute();
  await db.schema.alterTable('videos').dropColumn('team_id').execute();
  await db.schema.dropTable('team_invites').execute();
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('teams').execute();
  await db.schema.dropTable('users').execute();
}
