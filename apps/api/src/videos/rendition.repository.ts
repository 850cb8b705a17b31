import { sql, type Kysely } from 'kysely';
import type { HlsRung, Mp4State } from './video.table';
import type { Database } from '../platform/db/schema';

// The MP4 rendition's state on the video row; `db` may be a transaction.

/** Sets the state of a READY video's MP4; false when the video is gone or not READY. */
export async function setMp4State(
  db: Kysely<Database>,
  id: string,
  state: Mp4State,
  from?: Mp4State,
): Promise<boolean> {
  let update = db
    .updateTable('videos')
    .set({ mp4_state: state, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'READY');
  if (from) update = update.where('mp4_state', '=', from);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the rungs of the HLS presentation published with the MP4 (none: null). */
export async function setHlsRungs(db: Kysely<Database>, id: string, rungs: readonly HlsRung[]): Promise<void> {
  await db
    .updateTable('videos')
    .set({ hls_rungs: rungs.length > 0 ? JSON.stringify(rungs) : null })
    .where('id', '=', id)
    .execute();
}
