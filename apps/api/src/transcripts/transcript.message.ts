import { create } from '@bufbuild/protobuf';
import {
  TranscriptLineSchema,
  TranscriptSchema,
  TranscriptState,
  type Transcript,
  type TranscriptLine,
} from '@stream/proto';
import type { TranscriptView, VideoTranscript } from './transcript';
import type { StoredVideo } from '../videos';

const stateToProto: Record<NonNullable<VideoTranscript['state']>, TranscriptState> = {
  PENDING: TranscriptState.TRANSCRIBING,
  RUNNING: TranscriptState.TRANSCRIBING,
  DONE: TranscriptState.DONE,
  EMPTY: TranscriptState.NO_SPEECH,
  FAILED: TranscriptState.FAILED,
};

const protoState = (state: VideoTranscript['state'] | undefined) =>
  state ? stateToProto[state] : TranscriptState.NONE;

/** The Video message's transcript fields (55-59, 70-71). */
export function transcriptFields(video: StoredVideo): {
  transcriptState: TranscriptState;
  transcriptFailureReason: string;
  transcriptLanguage: string;
  transcriptMatch?: TranscriptLine;
  generatedCaptions: boolean;
  transcriptProgress: number;
  spokenLanguage: string;
} {
  const match = video.transcriptMatch;
  return {
    transcriptState: protoState(video.transcript?.state),
    transcriptFailureReason: video.transcript?.state === 'FAILED' ? video.transcript.failureReason : '',
    transcriptLanguage: video.transcript?.language ?? '',
    generatedCaptions: !video.editing.hasCaptions && video.transcript?.state === 'DONE',
    transcriptProgress: video.transcript?.state === 'RUNNING' ? video.transcript.progress : 0,
    spokenLanguage: video.transcript?.spokenLanguage ?? '',
    ...(match && {
      transcriptMatch: create(TranscriptLineSchema, {
        index: match.index,
        startSeconds: match.start,
        endSeconds: match.end,
        text: match.text,
      }),
    }),
  };
}

export function toTranscriptMessage(view: TranscriptView): Transcript {
  return create(TranscriptSchema, {
    videoId: view.videoId,
    state: protoState(view.state),
    failureReason: view.state === 'FAILED' ? view.failureReason : '',
    language: view.language,
    suggestedTitle: view.suggestedTitle,
    progress: view.progress,
    engineLanguages: view.engineLanguages,
    builtinEngine: view.builtinEngine,
    suggestedSummary: view.suggestedSummary,
    suggestedChapters: view.suggestedChapters.map(({ seconds, title }) => ({ seconds, title })),
    segments: view.lines.map((line) => ({
      index: line.index,
      startSeconds: line.start,
      endSeconds: line.end,
      text: line.text,
      words: line.words.map((word) => ({
        word: word.word,
        startSeconds: word.start,
        endSeconds: word.end,
        confidence: word.confidence ?? 1,
        uncertain: word.uncertain,
      })),
      edited: line.edited,
    })),
  });
}
