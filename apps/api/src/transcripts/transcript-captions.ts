import type { Kysely } from 'kysely';
import { editRepository as edits } from '../edits';
import type { StoredRange } from '../edits';
import * as transcripts from './transcript.repository';
import type { Database } from '../platform/db/schema';
import type { MediaService, StagedAsset } from '../videos';
import { certainText } from '../platform/media/transcribe/confidence';
import { spanInEdit } from '../edits';
import { toWebVtt, type CaptionLine } from './transcript-vtt';

/**
 * Makes the transcript's lines the video's generated captions (WebVTT, served at /captions/:id
 * when the owner uploaded none), or removes them when there are no lines.
 */
export async function publishGeneratedCaptions(db: Kysely<Database>, media: MediaService, videoId: string) {
  const staged = await stageGeneratedCaptions(db, media, videoId, await edits.publishedEditRanges(db, videoId));
  if (staged) await media.publish(videoId, [staged]);
  else await media.publish(videoId, [], { retire: ['generated-captions'] });
}

/**
 * The generated captions of the version that keeps `kept` of the original (null: the original),
 * staged for the publish that makes that version play, so they switch with it: the transcript is of
 * the original and is never made again for an edit. Undefined when there is no transcript.
 */
export async function stageGeneratedCaptions(
  db: Kysely<Database>,
  media: MediaService,
  videoId: string,
  kept: readonly StoredRange[] | null,
): Promise<StagedAsset | undefined> {
  const lines = await transcripts.listSegments(db, videoId);
  if (!lines.length) return undefined;
  // Captions say only what the engine was sure of; a line of doubted words alone is no cue.
  const original = lines
    .map((line) => ({ start: line.start_seconds, end: line.end_seconds, text: certainText(line.text, line.words) }))
    .filter((line) => line.text !== '');
  const vtt = toWebVtt(kept ? throughEdit(original, kept) : original);
  return media.stageBytes(videoId, 'generated-captions', Buffer.from(vtt), 'text/vtt');
}

function throughEdit(lines: CaptionLine[], kept: readonly StoredRange[]): CaptionLine[] {
  return lines.flatMap((line) => {
    const span = spanInEdit(kept, line.start, line.end);
    return span ? [{ ...line, ...span }] : [];
  });
}
