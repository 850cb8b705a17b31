import { create } from '@bufbuild/protobuf';
import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { type ListVideosResponse, type RecordViewResponse, type Video, VideoSchema, VideoService } from '@stream/proto';
import type { InfiniteData, QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { rpcMutation } from '../query/rpc-mutation';
import { listShareLinksQuery } from '../sharing/queries';
import { type UpdateVideoInput, withUpdateMask } from './update-mask';
import { SHARE_TOKEN_HEADER, getSharedVideoQuery, getVideoQuery, listVideosKey } from './queries';

export interface RecordViewInput {
  videoId: string;
  viewerId: string;
  /** The token of the link the viewer came by (sent as x-share-token), for a signed-out viewer of a SHARED video. */
  shareToken?: string;
}

type ListPages = InfiniteData<ListVideosResponse, number>;

/** Applies `change` to every cached list page (undefined drops the video), so the list on screen changes at once. */
function editListed(
  queryClient: QueryClient,
  transport: Transport,
  videoId: string,
  change: (video: Video) => Video | undefined,
) {
  queryClient.setQueriesData<ListPages>({ queryKey: listVideosKey(transport) }, (data) =>
    data === undefined
      ? data
      : {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            videos: page.videos.flatMap((video) => {
              if (video.id !== videoId) return [video];
              const next = change(video);
              return next ? [next] : [];
            }),
          })),
        },
  );
}

const withFields = (video: Video, patch: Partial<Omit<Video, '$typeName'>>): Video => {
  const { $typeName: _typeName, ...fields } = video;
  return create(VideoSchema, { ...fields, ...patch });
};

/**
 * UpdateVideo of the fields given (an update_mask names them; see `withUpdateMask`): the answer
 * replaces the cached video and its card in the list; the list is then refetched.
 */
export function updateVideoMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<Video, ConnectError, UpdateVideoInput> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, VideoService.method.updateVideo, withUpdateMask(input)),
    onSuccess: async (video) => {
      queryClient.setQueryData(getVideoQuery(transport, video.id).queryKey, create(VideoSchema, video));
      editListed(queryClient, transport, video.id, () => video);
      await queryClient.invalidateQueries({ queryKey: listVideosKey(transport) });
    },
  };
}

/** DeleteVideo: the video leaves the cache and the list at once; the list is then refetched. */
export const deleteVideoMutation = (transport: Transport, queryClient: QueryClient) =>
  rpcMutation(transport, VideoService.method.deleteVideo, async (_none, input) => {
    const videoId = input.videoId ?? '';
    queryClient.removeQueries({ queryKey: getVideoQuery(transport, videoId).queryKey });
    editListed(queryClient, transport, videoId, () => undefined);
    await queryClient.invalidateQueries({ queryKey: listVideosKey(transport) });
  });

/**
 * ShareVideo (with an expiry, or a new link): the answer's visibility (sharing a PRIVATE video
 * makes it SHARED) goes into the cached video and list at once; both, and the video's links (its
 * main link is one of them), are then refetched.
 */
export const shareVideoMutation = (transport: Transport, queryClient: QueryClient) =>
  rpcMutation(transport, VideoService.method.shareVideo, async (shared) => {
    const key = getVideoQuery(transport, shared.id).queryKey;
    const cached = queryClient.getQueryData(key);
    if (cached) queryClient.setQueryData(key, withFields(cached, { visibility: shared.visibility }));
    editListed(queryClient, transport, shared.id, (video) => withFields(video, { visibility: shared.visibility }));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: listVideosKey(transport) }),
      queryClient.invalidateQueries({ queryKey: listShareLinksQuery(transport, shared.id).queryKey }),
    ]);
  });

/** RecordView: the count the server answers goes into the cached video (by id, and by the link's token). */
export function recordViewMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<RecordViewResponse, ConnectError, RecordViewInput> {
  return {
    mutationFn: ({ videoId, viewerId, shareToken }) =>
      callUnaryMethod(
        transport,
        VideoService.method.recordView,
        { videoId, viewerId },
        shareToken ? { headers: { [SHARE_TOKEN_HEADER]: shareToken } } : undefined,
      ),
    onSuccess: ({ viewCount }, { videoId, shareToken }) => {
      const keys = [
        getVideoQuery(transport, videoId).queryKey,
        ...(shareToken ? [getSharedVideoQuery(transport, shareToken).queryKey] : []),
      ];
      for (const key of keys) {
        const cached = queryClient.getQueryData(key);
        if (cached?.id === videoId) queryClient.setQueryData(key, withFields(cached, { viewCount }));
      }
      editListed(queryClient, transport, videoId, (video) => withFields(video, { viewCount }));
    },
  };
}
