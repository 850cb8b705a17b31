import { create, type MessageInitShape } from '@bufbuild/protobuf';
import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import {
  EditService,
  EditState,
  type RevertEditsRequestSchema,
  type SaveEditsRequestSchema,
  type SetCaptionsRequestSchema,
  type Video,
  VideoSchema,
} from '@stream/proto';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { getVideoQuery } from '../videos/queries';

export type SaveEditsInput = MessageInitShape<typeof SaveEditsRequestSchema>;
export type RevertEditsInput = MessageInitShape<typeof RevertEditsRequestSchema>;
export type SetCaptionsInput = MessageInitShape<typeof SetCaptionsRequestSchema>;

/** How often a video whose edit is rendering is asked for again. */
export const APPLYING_REFETCH_MS = 1000;

/** Refetch interval for a video whose edit is still rendering; false otherwise. */
export function refetchWhileApplying(video: Video | undefined): number | false {
  return video?.editState === EditState.APPLYING ? APPLYING_REFETCH_MS : false;
}

function editMutation<I>(
  transport: Transport,
  queryClient: QueryClient,
  call: (input: I) => Promise<Video>,
): UseMutationOptions<Video, ConnectError, I> {
  return {
    mutationFn: call,
    onSuccess: (video) =>
      queryClient.setQueryData(getVideoQuery(transport, video.id).queryKey, create(VideoSchema, video)),
  };
}

/** SaveEdits (owner only): the answer (edit APPLYING) replaces the cached video. */
export const saveEditsMutation = (transport: Transport, queryClient: QueryClient) =>
  editMutation<SaveEditsInput>(transport, queryClient, (input) =>
    callUnaryMethod(transport, EditService.method.saveEdits, input),
  );

/** RevertEdits (owner only): the original plays again. */
export const revertEditsMutation = (transport: Transport, queryClient: QueryClient) =>
  editMutation<RevertEditsInput>(transport, queryClient, (input) =>
    callUnaryMethod(transport, EditService.method.revertEdits, input),
  );

/** SetCaptions (owner only): a WebVTT text, or '' to remove the captions. */
export const setCaptionsMutation = (transport: Transport, queryClient: QueryClient) =>
  editMutation<SetCaptionsInput>(transport, queryClient, (input) =>
    callUnaryMethod(transport, EditService.method.setCaptions, input),
  );
