import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** A working (not revoked) named link by its token, with what the gate and policy need of its video. */
export const findNamedLinkByToken = (db: Kysely<Database>, token: string) =>
  db
    .selectFrom('share_links')
    .innerJoin('videos', 'videos.id', 'share_links.video_id')
    .select([
      'share_links.id',
      'share_links.video_id',
      'share_links.token',
      'share_links.name',
      'share_links.password_hash',
      'share_links.email_gate',
      'videos.user_id',
      'videos.visibility',
    ])
    .where('share_links.token', '=', token)
    .where('share_links.revoked_at', 'is', null)
    .executeTakeFirst();

/** The views counted through each named link: RecordView's viewer keys through one start `link:<id>:`. */
const linkViews = sql<
  string | number
>`(select count(*) from video_views v where v.video_id = share_links.video_id and v.viewer_key like 'link:' || share_links.id || ':%')`;

/** A video's working named links, with their views. */
const workingLinksOf = (db: Kysely<Database>, videoId: string) =>
  db
    .selectFrom('share_links')
    .select(['id', 'token', 'name', 'password_hash', 'email_gate', linkViews.as('views')])
    .where('video_id', '=', videoId)
    .where('revoked_at', 'is', null);

/** A video's working named links, oldest first. */
export const listNamedLinks = (db: Kysely<Database>, videoId: string) =>
  workingLinksOf(db, videoId).orderBy('created_at').orderBy('id').execute();

export const insertNamedLink = (
  db: Kysely<Database>,
  row: { id: string; video_id: string; token: string; name: string; password_hash: string | null; email_gate: boolean },
) => db.insertInto('share_links').values(row).execute();

/** Changes a working named link; false when there is none by that id. */
export async function updateNamedLink(
  db: Kysely<Database>,
  videoId: string,
  id: string,
  changes: { password_hash?: string | null; email_gate?: boolean; revoked_at?: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('share_links')
    .set(changes)
    .where('video_id', '=', videoId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps an email an email gate took (once per video: the first link it came through stays). */
export const rememberGateEmail = (db: Kysely<Database>, videoId: string, email: string, linkId: string) =>
  db
    .insertInto('share_link_emails')
    .values({ video_id: videoId, email, link_id: linkId })
    .onConflict((oc) => oc.columns(['video_id', 'email']).doNothing())
    .execute();

/** What insights say of a video's links: call-to-action clicks and emails its gates took. */
export async function linkInsights(
  db: Kysely<Database>,
  videoId: string,
): Promise<{ callToActionClicks: number; emailGateEntries: number }> {
  const row = await db
    .selectFrom('videos')
    .select([
      'cta_clicks',
      sql<string | number>`(select count(*) from share_link_emails e where e.video_id = videos.id)`.as('emails'),
    ])
    .where('id', '=', videoId)
    .executeTakeFirst();
  return { callToActionClicks: Number(row?.cta_clicks ?? 0), emailGateEntries: Number(row?.emails ?? 0) };
}

/** One more click on the video's call to action. */
export const addCallToActionClick = (db: Kysely<Database>, videoId: string) =>
  db
    .updateTable('videos')
    .set({ cta_clicks: sql`cta_clicks + 1` } as never)
    .where('id', '=', videoId)
    .execute();
