import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeErrorMessage } from '../errors/change-error-message';
import { allFoldersQuery, listTagsQuery } from '../library/queries';
import { updateVideosMutation } from '../library/mutations';
import { folderChoices } from '../view/folder-choices';

/**
 * The owner's organising of one video, as `@stream/ui`'s `VideoOrganise` props: its tags,
 * and its folder. A team's video is offered its team's tags and folders.
 */
export function useOrganiseVideo(transport: Transport, video: Video) {
  const queryClient = useQueryClient();
  const update = useMutation(updateVideosMutation(transport, queryClient));
  const tags = useQuery(listTagsQuery(transport, video.teamId));
  const folders = useQuery(allFoldersQuery(transport, video.teamId));
  const choices = folderChoices(folders.data?.folders ?? []);
  return {
    title: video.title,
    tags: video.tags,
    suggestions: tags.data?.tags.map((tag) => tag.name) ?? [],
    busy: update.isPending,
    error: update.error ? changeErrorMessage(update.error) : undefined,
    onAdd: (tag: string) => update.mutate({ videoIds: [video.id], addTags: [tag] }),
    onRemove: (tag: string) => update.mutate({ videoIds: [video.id], removeTags: [tag] }),
    folders: choices,
    folderId: video.folderId,
    onMove: (folderId: string) => update.mutate({ videoIds: [video.id], folderId }),
  };
}
