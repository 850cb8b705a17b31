import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { callToActionClicks } from '../call-to-action';
import { gateEmailCount } from './share-link.repository';

/** What insights say of a video's links: call-to-action clicks and emails its gates took. */
export async function linkInsights(
  db: Kysely<Database>,
  videoId: string,
): Promise<{ callToActionClicks: number; emailGateEntries: number }> {
  const [clicks, emails] = await Promise.all([callToActionClicks(db, videoId), gateEmailCount(db, videoId)]);
  return { callToActionClicks: clicks, emailGateEntries: emails };
}
