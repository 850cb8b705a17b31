import type { Kysely } from 'kysely';
import * as transcripts from '../db/transcript.repository';
import type { Database } from '../db/video.table';
import type { MediaService } from '../media';
import { toWebVtt } from './transcript-vtt';

/**
 * Makes the transcript's lines the video's generated captions (WebVTT, served at /captions/:id
 * when the owner uploaded none), or removes them when there are no lines.
 */
export async function publishGeneratedCaptions(db: Kysely<Database>, media: MediaService, videoId: string) {
  const lines = await transcripts.listSegments(db, videoId);
  if (!lines.length) {
    await media.publish(videoId, [], { retire: ['generated-captions'] });
    return;
  }
  const vtt = toWebVtt(lines.map((line) => ({ start: line.start_seconds, end: line.end_seconds, text: line.text })));
  const staged = await media.stageBytes(videoId, 'generated-captions', Buffer.from(vtt), 'text/vtt');
  await media.publish(videoId, [staged]);
}
