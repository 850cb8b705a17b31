import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** The main link is listed and changed under this id (its row's own id never leaves the server). */
export const MAIN_LINK_ID = 'main';

/** A working (not revoked) link, main or named, by its token, with what the gate and policy need of its video. */
export const findLinkByToken = (db: Kysely<Database>, token: string) =>
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
      'share_links.is_main',
      'share_links.expires_at',
      'videos.user_id',
      'videos.visibility',
    ])
    .where('share_links.token', '=', token)
    .where('share_links.revoked_at', 'is', null)
    .executeTakeFirst();

/**
 * The views counted through each link: RecordView's viewer keys through a named link start
 * `link:<id>:`; the main link's viewers are anonymous, so it counts none.
 */
const linkViews = sql<
  string | number
>`(select count(*) from video_views v where v.video_id = share_links.video_id and v.viewer_key like 'link:' || share_links.id || ':%')`;

/** A video's working links with their views: the main one first, then the named ones oldest first. */
export const listLinks = (db: Kysely<Database>, videoId: string) =>
  db
    .selectFrom('share_links')
    .select(['id', 'token', 'name', 'password_hash', 'email_gate', 'is_main', 'expires_at', linkViews.as('views')])
    .where('video_id', '=', videoId)
    .where('revoked_at', 'is', null)
    .orderBy('is_main', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const insertNamedLink = (
  db: Kysely<Database>,
  row: { id: string; video_id: string; token: string; name: string; password_hash: string | null; email_gate: boolean },
) => db.insertInto('share_links').values(row).execute();

/** Gives the video its main link, or the one it has a new token and expiry (its gates stay). */
export const saveMainLink = (
  db: Kysely<Database>,
  row: { id: string; video_id: string; token: string; expires_at: Date | null },
) =>
  db
    .insertInto('share_links')
    .values({ ...row, name: '', is_main: true } as never)
    .onConflict((oc) =>
      oc.column('video_id').where('is_main', '=', true).doUpdateSet({ token: row.token, expires_at: row.expires_at }),
    )
    .execute();

/**
 * Changes a working link: `linkId` is MAIN_LINK_ID or a named link's id (never the main row's own
 * id). False when there is none; with no changes, whether there is one.
 */
export async function updateLink(
  db: Kysely<Database>,
  videoId: string,
  linkId: string,
  changes: { password_hash?: string | null; email_gate?: boolean; revoked_at?: Date },
): Promise<boolean> {
  const main = linkId === MAIN_LINK_ID;
  // The main row's own id is refused as a named link's: the API names the main link "main" alone.
  if (Object.keys(changes).length === 0) {
    const row = await db
      .selectFrom('share_links')
      .select('id')
      .where('video_id', '=', videoId)
      .where((eb) => (main ? eb('is_main', '=', true) : eb('id', '=', linkId).and('is_main', '=', false)))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
  const result = await db
    .updateTable('share_links')
    .set(changes)
    .where('video_id', '=', videoId)
    .where((eb) => (main ? eb('is_main', '=', true) : eb('id', '=', linkId).and('is_main', '=', false)))
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

/** How many emails the video's gates took. */
export async function gateEmailCount(db: Kysely<Database>, videoId: string): Promise<number> {
  const row = await db
    .selectFrom('share_link_emails')
    .select((eb) => eb.fn.countAll<string | number>().as('emails'))
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return Number(row?.emails ?? 0);
}
