import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { type Transcript, TranscriptService } from '@stream/proto';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { getVideoQuery } from '../videos/queries';
import { getTranscriptQuery } from './queries';

/** The answer replaces the cached transcript (as the viewer reads it: by id, or by the link's token). */
const keep =
  (transport: Transport, queryClient: QueryClient, videoId: string, shareToken?: string) => (next: Transcript) =>
    queryClient.setQueryData(getTranscriptQuery(transport, videoId, shareToken).queryKey, next);

/** UpdateTranscriptSegment (owner only): one corrected line. */
export function updateTranscriptLineMutation(
  transport: Transport,
  queryClient: QueryClient,
  videoId: string,
  shareToken?: string,
): UseMutationOptions<Transcript, ConnectError, { index: number; text: string }> {
  return {
    mutationFn: (input) =>
      callUnaryMethod(transport, TranscriptService.method.updateTranscriptSegment, { videoId, ...input }),
    onSuccess: keep(transport, queryClient, videoId, shareToken),
  };
}

/** RetryTranscription (owner only): the transcript starts again, and the video's state with it. */
export function retryTranscriptionMutation(
  transport: Transport,
  queryClient: QueryClient,
  videoId: string,
  shareToken?: string,
): UseMutationOptions<Transcript, ConnectError, void> {
  return {
    mutationFn: () => callUnaryMethod(transport, TranscriptService.method.retryTranscription, { videoId }),
    onSuccess: (next) => {
      keep(transport, queryClient, videoId, shareToken)(next);
      void queryClient.invalidateQueries({ queryKey: getVideoQuery(transport, videoId).queryKey });
    },
  };
}
