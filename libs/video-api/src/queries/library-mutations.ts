import { create, type MessageInitShape } from '@bufbuild/protobuf';
import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod, createConnectQueryKey } from '@connectrpc/connect-query';
import {
  type CreateFolderRequestSchema,
  type DeleteFolderRequestSchema,
  type DeleteVideosRequestSchema,
  type DeleteVideosResponse,
  type Folder,
  LibraryService,
  type RenameFolderRequestSchema,
  type UpdateVideosRequestSchema,
  type UpdateVideosResponse,
  VideoSchema,
  VideoService,
} from '@stream/proto';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { listFoldersKey, listTagsKey } from './library-queries';
import { getVideoKey, listVideosKey } from './video-queries';

export type CreateFolderInput = MessageInitShape<typeof CreateFolderRequestSchema>;
export type RenameFolderInput = MessageInitShape<typeof RenameFolderRequestSchema>;
export type DeleteFolderInput = MessageInitShape<typeof DeleteFolderRequestSchema>;
export type UpdateVideosInput = MessageInitShape<typeof UpdateVideosRequestSchema>;
export type DeleteVideosInput = MessageInitShape<typeof DeleteVideosRequestSchema>;

/** After any change to the library: lists, folders (their counts) and tags are asked again. */
const refreshLibrary = (queryClient: QueryClient, transport: Transport) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: listVideosKey(transport) }),
    queryClient.invalidateQueries({ queryKey: listFoldersKey(transport) }),
    queryClient.invalidateQueries({ queryKey: listTagsKey(transport) }),
  ]).then(() => undefined);

export function createFolderMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<Folder, ConnectError, CreateFolderInput> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, LibraryService.method.createFolder, input),
    onSuccess: () => refreshLibrary(queryClient, transport),
  };
}

export function renameFolderMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<Folder, ConnectError, RenameFolderInput> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, LibraryService.method.renameFolder, input),
    onSuccess: () => refreshLibrary(queryClient, transport),
  };
}

/** DeleteFolder: its videos go to the root, so every list is asked again. */
export function deleteFolderMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<void, ConnectError, DeleteFolderInput> {
  return {
    mutationFn: async (input) => {
      await callUnaryMethod(transport, LibraryService.method.deleteFolder, input);
    },
    onSuccess: async () => {
      await Promise.all([
        refreshLibrary(queryClient, transport),
        queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema: VideoService.method.getVideo, transport, cardinality: 'finite' }),
        }),
      ]);
    },
  };
}

/** UpdateVideos (move, tag, untag, visibility): the answer's videos replace the cached ones. */
export function updateVideosMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<UpdateVideosResponse, ConnectError, UpdateVideosInput> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, LibraryService.method.updateVideos, input),
    onSuccess: async ({ videos }) => {
      for (const video of videos)
        queryClient.setQueryData(getVideoKey(transport, video.id), create(VideoSchema, video));
      await refreshLibrary(queryClient, transport);
    },
  };
}

/** DeleteVideos: the videos leave the cache; the lists are asked again. */
export function deleteVideosMutation(
  transport: Transport,
  queryClient: QueryClient,
): UseMutationOptions<DeleteVideosResponse, ConnectError, DeleteVideosInput> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, LibraryService.method.deleteVideos, input),
    onSuccess: async (_answer, input) => {
      for (const id of input.videoIds ?? []) queryClient.removeQueries({ queryKey: getVideoKey(transport, id) });
      await refreshLibrary(queryClient, transport);
    },
  };
}
