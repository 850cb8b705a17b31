import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { videoRepository, type CallToAction } from '../videos';

// The call to action lives on its video's row (videos.cta_*): the Video message carries it.

/** Sets (or, undefined, clears) the video's call to action; false when the video is gone. */
export async function saveCallToAction(
  db: Kysely<Database>,
  videoId: string,
  cta: CallToAction | undefined,
): Promise<boolean> {
  const row = await videoRepository.updateVideo(db, videoId, {
    cta_label: cta?.label ?? null,
    cta_url: cta?.url ?? null,
    cta_placement: cta?.placement ?? null,
  });
  return row !== undefined;
}

/** One more click on the video's call to action. */
export const addClick = (db: Kysely<Database>, videoId: string) =>
  db
    .updateTable('videos')
    .set({ cta_clicks: sql`cta_clicks + 1` } as never)
    .where('id', '=', videoId)
    .execute();

/** The clicks counted on the video's call to action. */
export async function clicksOf(db: Kysely<Database>, videoId: string): Promise<number> {
  const row = await db.selectFrom('videos').select('cta_clicks').where('id', '=', videoId).executeTakeFirst();
  return Number(row?.cta_clicks ?? 0);
}
