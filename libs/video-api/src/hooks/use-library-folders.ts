import type { Transport } from '@connectrpc/connect';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeErrorMessage } from '../errors/change-error-message';
import { createFolderMutation, deleteFolderMutation, renameFolderMutation } from '../library/mutations';
import { listFoldersQuery } from '../library/queries';

const errorOf = (error: unknown) => (error ? changeErrorMessage(error) : undefined);

/**
 * One level of the caller's folders (`folderId`, '' the root) with its path, and New folder,
 * Rename and Delete, as `@stream/ui`'s `FolderManager` props. After a delete `onLeave` gets the
 * open folder's parent ('' the root): the folder shown is gone.
 */
export function useLibraryFolders(
  transport: Transport,
  folderId: string,
  onLeave: (parentId: string) => void,
  /** A team's folders; '' the caller's own. */
  teamId = '',
) {
  const queryClient = useQueryClient();
  const folders = useQuery(listFoldersQuery(transport, folderId, teamId));
  const create = useMutation(createFolderMutation(transport, queryClient));
  const rename = useMutation(renameFolderMutation(transport, queryClient));
  const remove = useMutation(deleteFolderMutation(transport, queryClient));
  const path = folders.data?.path ?? [];
  return {
    path,
    folders: folders.data?.folders ?? [],
    create: {
      busy: create.isPending,
      error: errorOf(create.error),
      submit: (name: string, done: () => void) =>
        create.mutate({ name, parentId: folderId, teamId }, { onSuccess: done }),
    },
    rename: {
      busy: rename.isPending,
      error: errorOf(rename.error),
      submit: (id: string, name: string, done: () => void) =>
        rename.mutate({ folderId: id, name }, { onSuccess: done }),
    },
    onDelete: (id: string) => remove.mutate({ folderId: id }, { onSuccess: () => onLeave(path.at(-2)?.id ?? '') }),
    deleteError: errorOf(remove.error),
    onCloseDialog: () => {
      create.reset();
      rename.reset();
    },
  };
}
