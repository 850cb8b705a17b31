import type { Logger } from 'pino';
import { freeBytes } from '../storage/disk-full';
import type { SqlRunner, VideoProcessingQueue } from './contracts';
import { lookEvery } from './look-every';
import { GAVE_UP_QUEUE, PROCESS_QUEUE } from './video-queue';

/** Room below which a full disk is presumed still full: an attempt needs about twice the upload. */
export const MIN_ROOM_BYTES = 64 * 1024 ** 2;
/** How often a worker looks for videos whose processing waits for room. */
const LOOK_EVERY_MS = 10_000;

/**
 * Videos PROCESSING with their original in place and no processing job pending: an attempt gave
 * way to a full disk and ended its job without failing the video. The upload and
 * the tus finish publish the original and queue the job in one transaction, so this finds only
 * videos whose job is over.
 */
const WAITING_VIDEOS = `
  select v.id from videos v
  where v.status = 'PROCESSING'
    and exists (select 1 from media_assets a where a.video_id = v.id and a.kind = 'original')
    and not exists (
      select 1 from pgboss.job j
      where j.name in ($1, $2) and j.state < 'completed' and j.data->>'videoId' = v.id::text
    )
  order by v.created_at
  limit 100`;

/**
 * Queues again, once the scratch disk has room, the videos whose processing gave way to a full
 * disk; looks at start and every 10 s. Several workers may queue one video twice at the same
 * moment: the second job finds it READY and does nothing. Returns a stop function.
 */
export function requeueWhenRoom(deps: {
  sql: SqlRunner;
  queue: VideoProcessingQueue;
  scratchDir: string;
  log: Logger;
  intervalMs?: number;
}): () => void {
  const { sql, queue, scratchDir, log } = deps;
  const every = {
    everyMs: deps.intervalMs ?? LOOK_EVERY_MS,
    log,
    failed: 'could not look for videos waiting for room',
  };
  return lookEvery(every, async () => {
    if ((await freeBytes(scratchDir)) < MIN_ROOM_BYTES) return;
    const { rows } = await sql.executeSql(WAITING_VIDEOS, [PROCESS_QUEUE, GAVE_UP_QUEUE]);
    for (const { id } of rows as { id: string }[]) {
      await queue.enqueue(id);
      log.info({ videoId: id }, 'room again: processing queued once more');
    }
  });
}
