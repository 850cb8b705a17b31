import { join } from 'node:path';
import type { Kysely } from 'kysely';
import * as transcripts from './transcript.repository';
import { videoRepository as repository } from '../videos';
import { defaultSpokenLanguageOf } from '../accounts';
import type { Database } from '../platform/db/schema';
import type { MediaService } from '../videos';
import type { Logger } from 'pino';
import type { Summarizer } from '../platform/media/summarize';
import { certainText, TranscriptionError, type Transcriber } from '../platform/media/transcribe';
import { PermanentTranscriptionFailure, type TranscriptJobStore } from '../platform/processing';
import { publishGeneratedCaptions } from './transcript-captions';

/** What the transcription worker sees of videos (platform/processing/transcript-contracts.ts). */
export function createTranscriptJobStore(
  db: Kysely<Database>,
  media: MediaService,
  transcriber: Transcriber,
  suggestions: { summarizer?: Summarizer; log?: Logger } = {},
): TranscriptJobStore {
  return {
    async markPending(videoId) {
      return transcripts.beginTranscriptAttempt(db, videoId);
    },
    async transcribe(videoId, attempt, { scratchDir, timeoutMs }) {
      const video = await repository.findVideo(db, videoId);
      if (!video || video.status !== 'READY' || video.duration_seconds === null) return 'skipped';
      // A job of an attempt a Retry has since replaced: the newer attempt's job does the work.
      if (!(await transcripts.setTranscriptState(db, videoId, 'RUNNING', { attempt }))) return 'skipped';
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
          // The video's own choice, else its owner's default, else the engine detects it.
          language: video.spoken_language || (await defaultSpokenLanguageOf(db, video.user_id)),
          onProgress: (done, total) =>
            transcripts.setTranscriptProgress(db, videoId, attempt, total ? (100 * done) / total : 0),
        });
      } catch (error) {
        if (error instanceof TranscriptionError && error.permanent)
          throw new PermanentTranscriptionFailure(error.message);
        throw error;
      }
      const { language, segments } = result;
      // Search holds only the words the engine was sure of.
      const stored = segments.map((segment) => ({ ...segment, searchText: certainText(segment.text, segment.words) }));
      await db.transaction().execute((trx) => transcripts.replaceSegments(trx, videoId, stored));
      // The captions before the state: a transcript said DONE has its captions served.
      await publishGeneratedCaptions(db, media, videoId);
      await transcripts.setTranscriptState(db, videoId, segments.length ? 'DONE' : 'EMPTY', { language, attempt });
      // From the words the engine was sure of: a summary of its guesses would repeat them as facts.
      const sure = stored.map((line) => ({ ...line, text: line.searchText })).filter((line) => line.text);
      if (sure.length && suggestions.summarizer) {
        // After DONE: the transcript is there meanwhile, and no answer of this server can fail it.
        const { summary, problem } = await suggestions.summarizer.summarize(sure, video.duration_seconds);
        if (summary) await transcripts.setSuggestions(db, videoId, attempt, summary);
        else if (problem) suggestions.log?.warn({ videoId, problem }, 'no summary suggested');
      }
      return segments.length ? 'done' : 'no-speech';
    },
    async markFailed(videoId, attempt, reason) {
      // Only while it is under way: a give-up landing after the attempt's own failure keeps that reason.
      await transcripts.setTranscriptState(db, videoId, 'FAILED', {
        reason,
        attempt,
        onlyFrom: ['PENDING', 'RUNNING'],
      });
    },
  };
}
