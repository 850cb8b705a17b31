import type { Transport } from '@connectrpc/connect';
import { TranscriptService } from '@stream/proto';
import { unaryQuery } from '../query/unary-query';

/** Query for a video's transcript (GetTranscript), by way of a share link when `shareToken` is set. */
export function getTranscriptQuery(transport: Transport, videoId: string, shareToken = '') {
  return unaryQuery(TranscriptService.method.getTranscript, { videoId, shareToken }, transport);
}

/** The transcript on the original's timeline, which an edit's ranges are on (the owner's editor). */
export function originalTimelineTranscriptQuery(transport: Transport, videoId: string) {
  return unaryQuery(TranscriptService.method.getTranscript, { videoId, originalTimeline: true }, transport);
}
