import type { Transport } from '@connectrpc/connect';
import { TranscriptState, type Video } from '@stream/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { changeErrorMessage } from '../errors/change-error-message';
import { getVideoQuery } from '../videos/queries';
import { updateVideoMutation } from '../videos/mutations';
import { enumLabel } from '../view/video-view';
import { retryTranscriptionMutation, updateTranscriptLineMutation } from '../transcripts/mutations';
import { getTranscriptQuery } from '../transcripts/queries';

/** How often a transcript being made is asked for again. */
export const TRANSCRIBING_REFETCH_MS = 2000;

/** How many times a transcript never asked for is looked at again (a server with transcripts off answers NONE). */
const NONE_LOOKS = 4;

export type TranscriptStateLabel = 'none' | 'transcribing' | 'done' | 'no-speech' | 'failed';

export const transcriptStateLabel = enumLabel<TranscriptState, TranscriptStateLabel>(
  {
    [TranscriptState.TRANSCRIBING]: 'transcribing',
    [TranscriptState.DONE]: 'done',
    [TranscriptState.NO_SPEECH]: 'no-speech',
    [TranscriptState.FAILED]: 'failed',
  },
  'none',
);

const rethrow = (error: unknown): never => {
  throw new Error(changeErrorMessage(error));
};

/**
 * A video's transcript as `@stream/ui`'s `TranscriptPanel` props: its lines, its state
 * (asked again while it is being made; the video is asked again when it is done, for its
 * captions), and for the owner the correction of a line and Retry. A refused change rejects with
 * the words to show.
 */
export function useTranscript(
  transport: Transport,
  video: Pick<Video, 'id' | 'transcriptState' | 'transcriptFailureReason'> & Partial<Pick<Video, 'spokenLanguage'>>,
  options: { isOwner?: boolean; shareToken?: string } = {},
) {
  const queryClient = useQueryClient();
  const transcriptQuery = getTranscriptQuery(transport, video.id, options.shareToken);
  const query = useQuery({
    ...transcriptQuery,
    refetchInterval: (q) => {
      const now = q.state.data?.state;
      // NONE just after READY may be the moment before the job is queued: a few more looks.
      const early = now === TranscriptState.NONE && q.state.dataUpdateCount < NONE_LOOKS;
      return now === TranscriptState.TRANSCRIBING || early ? TRANSCRIBING_REFETCH_MS : false;
    },
  });
  const transcript = query.data;
  // The video's state moved (a Retry, another tab): read the transcript again.
  useEffect(() => {
    if (transcript && transcript.state !== video.transcriptState) void query.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video.transcriptState]);
  // The transcript is done: the video now has captions made from it.
  const state = transcript?.state ?? video.transcriptState;
  useEffect(() => {
    if (state === TranscriptState.DONE && video.transcriptState !== TranscriptState.DONE)
      void queryClient.invalidateQueries({ queryKey: getVideoQuery(transport, video.id).queryKey });
  }, [state, video.transcriptState, queryClient, transport, video.id]);

  const update = useMutation(updateTranscriptLineMutation(transport, queryClient, video.id, options.shareToken));
  const retry = useMutation(retryTranscriptionMutation(transport, queryClient, video.id, options.shareToken));

  const updateVideo = useMutation(updateVideoMutation(transport, queryClient));
  /** UpdateVideo of one field, then the transcript again (its suggestions follow the video). */
  const change = async (input: Parameters<typeof updateVideo.mutateAsync>[0]) => {
    await updateVideo.mutateAsync(input).catch(rethrow);
    await queryClient.invalidateQueries({ queryKey: transcriptQuery.queryKey });
  };
  const label = transcriptStateLabel(state);

  return {
    state: label,
    progress: transcript?.progress ?? 0,
    // The owner's title, summary and chapters suggested from the transcript, taken only on their word.
    suggestions:
      options.isOwner && transcript
        ? {
            title: transcript.suggestedTitle,
            summary: transcript.suggestedSummary,
            chapters: transcript.suggestedChapters.map(({ seconds, title }) => ({ seconds, title })),
            onAcceptTitle: (title: string) => change({ videoId: video.id, title }),
            onAcceptChapters: () =>
              change({
                videoId: video.id,
                chapters: { chapters: transcript.suggestedChapters.map(({ seconds, title }) => ({ seconds, title })) },
              }),
          }
        : undefined,
    spokenLanguage: options.isOwner
      ? {
          value: video.spokenLanguage ?? '',
          engineLanguages: transcript?.engineLanguages ?? [],
          onChange: (code: string) => change({ videoId: video.id, spokenLanguage: code }),
          onTranscribeAgain:
            label === 'done' || label === 'no-speech'
              ? async () => {
                  await retry.mutateAsync().catch(rethrow);
                }
              : undefined,
        }
      : undefined,
    failureReason: transcript?.failureReason || video.transcriptFailureReason,
    language: transcript?.language ?? '',
    lines: (transcript?.segments ?? []).map((segment) => ({
      index: segment.index,
      start: segment.startSeconds,
      end: segment.endSeconds,
      text: segment.text,
      // The words only where the engine doubted some: the panel greys those and leaves them out of its search.
      ...(segment.words.some((word) => word.uncertain) && {
        words: segment.words.map((word) => ({ word: word.word, uncertain: word.uncertain })),
      }),
    })),
    builtinEngine: transcript?.builtinEngine ?? false,
    loading: query.isPending,
    onEditLine: options.isOwner
      ? async (index: number, text: string) => {
          await update.mutateAsync({ index, text }).catch(rethrow);
        }
      : undefined,
    onRetry: options.isOwner
      ? async () => {
          await retry.mutateAsync().catch(rethrow);
        }
      : undefined,
  };
}
