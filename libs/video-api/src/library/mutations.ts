import { create } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { LibraryService, VideoSchema } from '@stream/proto';
import type { QueryClient } from '@tanstack/react-query';
import { listFoldersKey, listTagsKey } from './queries';
import { rpcMutation } from '../query/rpc-mutation';
import { allVideosKey, getVideoQuery, listVideosKey } from '../videos/queries';

/** After any change to the library: lists, folders (their counts) and tags are asked again. */
const refreshLibrary = (queryClient: QueryClient, transport: Transport) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: listVideosKey(transport) }),
    queryClient.invalidateQueries({ queryKey: listFoldersKey(transport) }),
    queryClient.invalidateQueries({ queryKey: listTagsKey(transport) }),
  ]).then(() => undefined);

export const createFolderMutation = (transport: Transport, queryClient: QueryClient) =>
  rpcMutation(transport, LibraryService.method.createFolder, () => refreshLibrary(queryClient, transport));

export const renameFolderMutation = (transport: Transport, queryClient: QueryClient) =>
  rpcMutation(transport, LibraryService.method.renameFolder, () => refreshLibrary(queryClient, transport));

/** DeleteFolder: its videos go to the root, so every list is asked again. */
export const deleteFolderMutation = (transport: Transport, queryClient: QueryClient) =>
  rpcMutation(transport, LibraryService.method.deleteFolder, () =>
    Promise.all([
      refreshLibrary(queryClient, transport),
      queryClient.invalidateQueries({ queryKey: allVideosKey(transport) }),
    ]),
  );

/** UpdateVideos (move, tag, untag, visibility): the answer's videos replace the cached ones. */
export const updateVideosMutation = (transport: Transport, queryClient: QueryClient) =>
  rpcMutation(transport, LibraryService.method.updateVideos, async ({ videos }) => {
    for (const video of videos)
      queryClient.setQueryData(getVideoQuery(transport, video.id).queryKey, create(VideoSchema, video));
    await refreshLibrary(queryClient, transport);
  });

/** DeleteVideos: the videos leave the cache; the lists are asked again. */
export const deleteVideosMutation = (transport: Transport, queryClient: QueryClient) =>
  rpcMutation(transport, LibraryService.method.deleteVideos, async (_answer, input) => {
    for (const id of input.videoIds ?? [])
      queryClient.removeQueries({ queryKey: getVideoQuery(transport, id).queryKey });
    await refreshLibrary(queryClient, transport);
  });
