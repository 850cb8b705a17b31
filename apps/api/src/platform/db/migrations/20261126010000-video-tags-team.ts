import { sql, type Kysely } from 'kysely';

/**
 * The team tag filter at scale: each link of a tag to a video carries the video's team
 * and the tag's name in lower case (a tag is never renamed), so a team's videos with a tag of some
 * name are one range of video_tags_team_tag_idx. Before, the count joined every link of tags of that
 * name in the database and checked each video's team (at 100,000 team videos, 18,000 buffers against
 * 600 at 1,000); through the tags of that name (one per member) PostgreSQL still chose to read all
 * the team's links (a seq scan of 100,000 rows, 120 ms). The database keeps both columns current: a
 * link takes them when made, and every change of a video's team (a move, a team deleted) passes to
 * its links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_tags').addColumn('team_id', 'text').addColumn('tag_key', 'text').execute();
  await sql`
    update video_tags set
      team_id = (select team_id from videos where videos.id = video_tags.video_id),
      tag_key = (select lower(name) from tags where tags.id = video_tags.tag_id)`.execute(db);
  await sql`
    create function video_tags_take_team() returns trigger language plpgsql as $$
    begin
      new.team_id := (select team_id from videos where id = new.video_id);
      new.tag_key := (select lower(name) from tags where id = new.tag_id);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger video_tags_take_team before insert or update of video_id, tag_id on video_tags
    for each row execute function video_tags_take_team()`.execute(db);
  await sql`
    create function videos_team_to_tags() returns trigger language plpgsql as $$
    begin
      update video_tags set team_id = new.team_id where video_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger videos_team_to_tags after update of team_id on videos
    for each row when (old.team_id is distinct from new.team_id) execute function videos_team_to_tags()`.execute(db);
  await db.schema
    .createIndex('video_tags_team_tag_idx')
    .on('video_tags')
    .columns(['team_id', 'tag_key', 'video_id'])
    .where(sql.ref('team_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('video_tags_team_tag_idx').execute();
  await sql`drop trigger videos_team_to_tags on videos`.execute(db);
  await sql`drop function videos_team_to_tags()`.execute(db);
  await sql`drop trigger video_tags_take_team on video_tags`.execute(db);
  await sql`drop function video_tags_take_team()`.execute(db);
  await db.schema.alterTable('video_tags').dropColumn('team_id').dropColumn('tag_key').execute();
}
