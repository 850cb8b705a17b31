import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** Teams `uid` is the only owner of, with how many other members each has. */
export async function teamsOwnedAlone(
  db: Kysely<Database>,
  uid: string,
): Promise<{ id: string; name: string; otherMembers: number }[]> {
  const rows = await db
    .selectFrom('team_members as mine')
    .innerJoin('teams', 'teams.id', 'mine.team_id')
    .select(['teams.id', 'teams.name'])
    .select((eb) =>
      eb
        .selectFrom('team_members as other')
        .whereRef('other.team_id', '=', 'mine.team_id')
        .where('other.uid', '<>', uid)
        .select(sql<string>`count(*)`.as('n'))
        .as('other_members'),
    )
    .where('mine.uid', '=', uid)
    .where('mine.role', '=', 'owner')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('team_members as co')
            .whereRef('co.team_id', '=', 'mine.team_id')
            .where('co.uid', '<>', uid)
            .where('co.role', '=', 'owner'),
        ),
      ),
    )
    .orderBy('teams.name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, otherMembers: Number(row.other_members ?? 0) }));
}

/** The ids of every video `uid` owns. */
export async function videoIdsOf(db: Kysely<Database>, uid: string): Promise<string[]> {
  const rows = await db.selectFrom('videos').select('id').where('user_id', '=', uid).execute();
  return rows.map((row) => row.id);
}

/**
 * Removes every row that names `uid` once their videos are gone (run in one transaction): teams
 * they were alone in, memberships, the invites they made, their comments (one with replies of
 * others is emptied and marked deleted instead, so the replies stay), reactions, notifications to
 * and from them, their views and playback ranges, folders, tags and their users row. What stays
 * of a team they helped run names another owner instead of them.
 */
export async function eraseAccountRows(trx: Kysely<Database>, uid: string): Promise<void> {
  const alone = await trx
    .selectFrom('team_members as mine')
    .select('mine.team_id')
    .where('mine.uid', '=', uid)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('team_members as other')
            .whereRef('other.team_id', '=', 'mine.team_id')
            .where('other.uid', '<>', uid),
        ),
      ),
    )
    .execute();
  if (alone.length > 0)
    await trx
      .deleteFrom('teams')
      .where(
        'id',
        'in',
        alone.map((row) => row.team_id),
      )
      .execute();

  // Team folders and teams they made stay with the team: another owner is named their maker.
  const heir = (team: 'folders.team_id' | 'teams.id') =>
    sql<string>`(select m.uid from team_members m where m.team_id = ${sql.ref(team)} and m.uid <> ${uid}
      order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.joined_at limit 1)`;
  await trx
    .updateTable('folders')
    .set({ user_id: heir('folders.team_id') })
    .where('user_id', '=', uid)
    .where('team_id', 'is not', null)
    .execute();
  await trx
    .updateTable('teams')
    .set({ created_by: heir('teams.id') })
    .where('created_by', '=', uid)
    .execute();
  await trx.deleteFrom('team_invites').where('created_by', '=', uid).execute();
  // Their own webhooks go; a team's stay the team's, no longer naming who made them.
  await trx.deleteFrom('webhooks').where('owner_uid', '=', uid).where('team_id', 'is', null).execute();
  await trx.updateTable('webhooks').set({ owner_uid: '' }).where('owner_uid', '=', uid).execute();
  await trx.deleteFrom('team_members').where('uid', '=', uid).execute();

  await trx
    .deleteFrom('notifications')
    .where((eb) => eb.or([eb('recipient_uid', '=', uid), eb('actor_uid', '=', uid)]))
    .execute();
  const answered = sql<boolean>`exists (select 1 from comments r where r.parent_id = comments.id and r.author_uid <> ${uid})`;
  await trx
    .updateTable('comments')
    .set({
      author_uid: '',
      author_name: '',
      author_photo: '',
      text: '',
      deleted_at: sql<Date>`coalesce(deleted_at, now())`,
    })
    .where('author_uid', '=', uid)
    .where(answered)
    .execute();
  await trx.deleteFrom('comments').where('author_uid', '=', uid).execute();
  await trx.deleteFrom('reactions').where('author_uid', '=', uid).execute();
  await trx.deleteFrom('video_views').where('viewer_key', '=', `user:${uid}`).execute();
  await trx
    .deleteFrom('playback_ranges')
    .where((eb) => eb.or([eb('uid', '=', uid), eb('viewer_key', '=', uid)]))
    .execute();
  await trx.deleteFrom('folders').where('user_id', '=', uid).execute();
  await trx.deleteFrom('tags').where('user_id', '=', uid).execute();
  await trx.deleteFrom('users').where('uid', '=', uid).execute();
}

/** Every video of `uid` for "Export my data", oldest first, with its tags, folder and team names. */
export async function exportedVideos(db: Kysely<Database>, uid: string) {
  return db
    .selectFrom('videos')
    .leftJoin('folders', 'folders.id', 'videos.folder_id')
    .leftJoin('teams', 'teams.id', 'videos.team_id')
    .select([
      'videos.id',
      'videos.title',
      'videos.description',
      'videos.status',
      'videos.visibility',
      'videos.source_url',
      'videos.duration_seconds',
      'videos.size_bytes',
      'videos.failure_reason',
      'videos.view_count',
      'videos.upload_active_at',
      'videos.created_at',
      'videos.updated_at',
      'videos.transcript_state',
      'videos.transcript_language',
      'videos.comments_enabled',
      'folders.name as folder_name',
      'teams.name as team_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('video_tags')
        .innerJoin('tags', 'tags.id', 'video_tags.tag_id')
        .whereRef('video_tags.video_id', '=', 'videos.id')
        .select(sql<string[]>`coalesce(array_agg(tags.name order by lower(tags.name)), '{}')`.as('tags'))
        .as('tags'),
    )
    .where('videos.user_id', '=', uid)
    .orderBy('videos.created_at')
    .orderBy('videos.seq')
    .execute();
}

/** The assets each of `videoIds` has now: kind, content type and size. */
export async function assetsOf(db: Kysely<Database>, videoIds: string[]) {
  if (videoIds.length === 0) return [];
  return db
    .selectFrom('media_assets')
    .select(['video_id', 'kind', 'content_type', 'size_bytes'])
    .where('video_id', 'in', videoIds)
    .execute();
}

/** The comments on `videoId`, oldest first, as its conversation shows them. */
export async function commentsOn(db: Kysely<Database>, videoId: string) {
  return db
    .selectFrom('comments')
    .select(['id', 'parent_id', 'author_name', 'text', 'moment_seconds', 'created_at', 'edited_at', 'deleted_at'])
    .where('video_id', '=', videoId)
    .orderBy('created_at')
    .execute();
}

/** What `uid` wrote on videos of others. */
export async function commentsBy(db: Kysely<Database>, uid: string) {
  return db
    .selectFrom('comments')
    .innerJoin('videos', 'videos.id', 'comments.video_id')
    .select([
      'comments.id',
      'comments.video_id',
      'videos.title as video_title',
      'comments.parent_id',
      'comments.text',
      'comments.moment_seconds',
      'comments.created_at',
      'comments.edited_at',
      'comments.deleted_at',
    ])
    .where('comments.author_uid', '=', uid)
    .where('videos.user_id', '<>', uid)
    .orderBy('comments.created_at')
    .execute();
}
