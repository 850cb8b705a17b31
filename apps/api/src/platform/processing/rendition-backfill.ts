import type { Logger } from 'pino';
import type { SqlRunner } from './contracts';
import { lookEvery } from './look-every';
import type { RenditionQueue } from './rendition-contracts';
import { RENDITION_QUEUE } from './video-queue';

/**
 * Rendition jobs the backfill keeps waiting at most, its own and new videos' together: a library
 * of thousands of videos from before renditions drains a few at a time, behind new uploads.
 */
export const BACKFILL_WAITING_JOBS = 2;
/** How often a worker looks for READY videos without an MP4 and without a job to make one. */
const LOOK_EVERY_MS = 15_000;

/** Rendition jobs not yet done (created, retried or running). */
const WAITING_JOBS = `select count(*)::int as waiting from pgboss.job where name = $1 and state < 'completed'`;

/**
 * READY videos whose playing version has no MP4 and no job to make it: videos from before
 * renditions existed, oldest first. An edit being applied queues its own when it lands.
 * `mp4_state` NONE is also what an edit or a revert leaves until its job runs, but that job is
 * waiting then, so such a video is not listed.
 */
const MISSING_RENDITIONS = `
  select v.id from videos v
  where v.status = 'READY' and v.mp4_state = 'NONE' and v.edit_state <> 'APPLYING'
    and exists (select 1 from media_assets a where a.video_id = v.id and a.kind in ('playable', 'original'))
    and not exists (
      select 1 from pgboss.job j
      where j.name = $1 and j.state < 'completed' and j.data->>'videoId' = v.id::text
    )
  order by v.created_at
  limit $2`;

/**
 * Queues the MP4 rendition of READY videos that have none (made before renditions existed),
 * through the queue and a few at a time: at start and every 15 s, as many as keep
 * `BACKFILL_WAITING_JOBS` rendition jobs waiting. What is done is in the rows (`mp4_state`), so a
 * restart carries on where it was; a video queued twice by two workers at once is made once (the
 * second job finds it done). Returns a stop function.
 */
export function backfillRenditions(deps: {
  sql: SqlRunner;
  renditions: RenditionQueue;
  log: Logger;
  intervalMs?: number;
}): () => void {
  const { sql, renditions, log } = deps;
  const every = {
    everyMs: deps.intervalMs ?? LOOK_EVERY_MS,
    log,
    failed: 'could not look for videos without an mp4 rendition',
  };
  return lookEvery(every, async () => {
    const { rows } = await sql.executeSql(WAITING_JOBS, [RENDITION_QUEUE]);
    const room = BACKFILL_WAITING_JOBS - Number((rows[0] as { waiting: number } | undefined)?.waiting ?? 0);
    if (room <= 0) return;
    const missing = await sql.executeSql(MISSING_RENDITIONS, [RENDITION_QUEUE, room]);
    for (const { id } of missing.rows as { id: string }[]) {
      await renditions.enqueueMp4(id);
      log.info({ videoId: id }, 'mp4 rendition queued for a video that had none');
    }
  });
}
