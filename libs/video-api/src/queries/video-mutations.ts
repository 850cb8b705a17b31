import { create, type MessageInitShape } from '@bufbuild/protobuf';
import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import {
  type DeleteVideoRequestSchema,
  type ShareVideoRequestSchema,
  type ShareVideoResponse,
  type UpdateVideoRequestSchema,
  type Video,
  VideoSchema,
  VideoService,
} from '@stream/proto';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { getVideoKey, listVideosKey } from './video-queries';

export type UpdateVideoInput = MessageInitShape<typeof UpdateVideoRequestSchema>;
export type DeleteVideoInput = MessageInitShape<typeof DeleteVideoRequestSchema>;
export type ShareVideoInput = MessageInitShape<typeof ShareVideoRequestSchema>;

/** UpdateVideo: the answer replaces the cached video and every list page is refetched. */
export function updateVideoMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<Video, ConnectError, UpdateVideoInput> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, VideoService.method.updateVideo, input),
    onSuccess: async (video) => {
      queryClient.setQueryData(getVideoKey(transport, video.id), create(VideoSchema, video));
      await queryClient.invalidateQueries({ queryKey: listVideosKey(transport) });
    },
  };
}

/** DeleteVideo: the video leaves the cache and the list is refetched. */
export function deleteVideoMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<void, ConnectError, DeleteVideoInput> {
  return {
    mutationFn: async (input) => {
      await callUnaryMethod(transport, VideoService.method.deleteVideo, input);
    },
    onSuccess: async (_none, input) => {
      queryClient.removeQueries({ queryKey: getVideoKey(transport, input.videoId ?? '') });
      await queryClient.invalidateQueries({ queryKey: listVideosKey(transport) });
    },
  };
}

/** ShareVideo: sharing can change the video's visibility, so both the video and the list are refetched. */
export function shareVideoMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<ShareVideoResponse, ConnectError, ShareVideoInput> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, VideoService.method.shareVideo, input),
    onSuccess: async (_shared, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getVideoKey(transport, input.videoId ?? '') }),
        queryClient.invalidateQueries({ queryKey: listVideosKey(transport) }),
      ]);
    },
  };
}
