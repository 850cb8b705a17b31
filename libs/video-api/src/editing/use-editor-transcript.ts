import type { Transport } from '@connectrpc/connect';
import { type Transcript, TranscriptState, type Video } from '@stream/proto';
import { useQuery } from '@tanstack/react-query';
import { originalTimelineTranscriptQuery } from '../transcripts/queries';

/** A transcript line as the editor cuts it: on the original's timeline, with its words' times. */
export interface EditorTranscriptLine {
  index: number;
  start: number;
  end: number;
  text: string;
  /** `uncertain`: the engine doubted it; edit by transcript proposes no cut of it. */
  words: Array<{ word: string; start: number; end: number; uncertain: boolean }>;
}

/** GetTranscript's lines as `@stream/ui`'s TrimEditor takes them (`transcriptLines`). */
export function editorTranscriptLines(transcript: Transcript | undefined): EditorTranscriptLine[] {
  return (transcript?.segments ?? []).map((segment) => ({
    index: segment.index,
    start: segment.startSeconds,
    end: segment.endSeconds,
    text: segment.text,
    words: segment.words.map((word) => ({
      word: word.word,
      start: word.startSeconds,
      end: word.endSeconds,
      uncertain: word.uncertain,
    })),
  }));
}

/**
 * Edit by transcript: while the owner edits a transcribed video, its transcript on the
 * original's timeline (GetTranscript with original_timeline), which the edit's ranges are on.
 */
export function useEditorTranscript(
  transport: Transport,
  video: Pick<Video, 'id' | 'transcriptState'>,
  editing: boolean,
): EditorTranscriptLine[] | undefined {
  const query = useQuery({
    ...originalTimelineTranscriptQuery(transport, video.id),
    enabled: editing && video.transcriptState === TranscriptState.DONE,
  });
  return query.data ? editorTranscriptLines(query.data) : undefined;
}
