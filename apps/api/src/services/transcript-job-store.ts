import { join } from 'node:path';
import type { Kysely } from 'kysely';
import * as transcripts from '../db/transcript.repository';
import * as repository from '../db/video.repository';
import type { Database } from '../db/video.table';
import type { MediaService } from '../media';
import { TranscriptionError, type Transcriber } from '../media/transcribe';
import { PermanentTranscriptionFailure, type TranscriptJobStore } from '../processing';
import { publishGeneratedCaptions } from './transcript-captions';

/** What the transcription worker sees of videos (issue 30, processing/transcript-contracts.ts). */
export function createTranscriptJobStore(
  db: Kysely<Database>,
  media: MediaService,
  transcriber: Transcriber,
): TranscriptJobStore {
  return {
    async markPending(videoId) {
      return transcripts.setTranscriptState(db, videoId, 'PENDING');
    },
    async transcribe(videoId, { scratchDir, timeoutMs }) {
      const video = await repository.findVideo(db, videoId);
      if (!video || video.status !== 'READY' || video.duration_seconds === null) return 'skipped';
      await transcripts.setTranscriptState(db, videoId, 'RUNNING');
      // The unedited recording: the transcript's times are the original's, as the edit's ranges are.
      const file = join(scratchDir, 'video.webm');
      if (!(await media.download(videoId, ['playable', 'original'], file)))
        throw new PermanentTranscriptionFailure('The video file is missing');
      let result;
      try {
        result = await transcriber.transcribe(file, {
          durationSeconds: video.duration_seconds,
          scratchDir,
          timeoutMs,
        });
      } catch (error) {
        if (error instanceof TranscriptionError && error.permanent)
          throw new PermanentTranscriptionFailure(error.message);
        throw error;
      }
      const { language, segments } = result;
      await db.transaction().execute((trx) => transcripts.replaceSegments(trx, videoId, segments));
      // The captions before the state: a transcript said DONE has its captions served.
      await publishGeneratedCaptions(db, media, videoId);
      await transcripts.setTranscriptState(db, videoId, segments.length ? 'DONE' : 'EMPTY', { language });
      return segments.length ? 'done' : 'no-speech';
    },
    async markFailed(videoId, reason) {
      await transcripts.setTranscriptState(db, videoId, 'FAILED', { reason });
    },
  };
}
