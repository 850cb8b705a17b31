import type { Transport } from '@connectrpc/connect';
import { ConfirmDialog, FolderBar, type FolderItem, FolderNameDialog } from '@stream/ui';
import { createFolderMutation, deleteFolderMutation, listFoldersQuery, renameFolderMutation } from '@stream/video-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { changeErrorMessage } from './video-errors';

/**
 * The folders above the grid: breadcrumbs to the open folder, its subfolders (each takes a
 * dropped card), New folder, and Rename and Delete of the open one (its videos go to the root).
 */
export function LibraryFolders({
  transport,
  folderId,
  onDropVideo,
}: {
  transport: Transport;
  /** '' the root. */
  folderId: string;
  onDropVideo: (folderId: string, videoId: string) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ kind: 'new' | 'rename' | 'delete'; folder?: FolderItem }>();
  const folders = useQuery(listFoldersQuery(transport, folderId));
  const create = useMutation(createFolderMutation(transport, queryClient));
  const rename = useMutation(renameFolderMutation(transport, queryClient));
  const remove = useMutation(deleteFolderMutation(transport, queryClient));
  const path = folders.data?.path ?? [];
  const close = () => {
    setDialog(undefined);
    create.reset();
    rename.reset();
  };
  const open = (id: string) => void navigate({ to: '/videos', search: id ? { folder: id } : {} });

  return (
    <>
      <FolderBar
        path={path}
        folders={folders.data?.folders ?? []}
        renderFolderLink={(id, props) => <Link to="/videos" search={id ? { folder: id } : {}} {...props} />}
        onNewFolder={() => setDialog({ kind: 'new' })}
        onRename={(folder) => setDialog({ kind: 'rename', folder })}
        onDelete={(folder) => setDialog({ kind: 'delete', folder })}
        onDropVideo={onDropVideo}
      />
      {dialog?.kind === 'new' && (
        <FolderNameDialog
          title="New folder"
          submitLabel="Create"
          busy={create.isPending}
          error={create.error ? changeErrorMessage(create.error) : undefined}
          onCancel={close}
          onSubmit={(name) => create.mutate({ name, parentId: folderId }, { onSuccess: close })}
        />
      )}
      {dialog?.kind === 'rename' && dialog.folder && (
        <FolderNameDialog
          title="Rename folder"
          submitLabel="Rename"
          initialName={dialog.folder.name}
          busy={rename.isPending}
          error={rename.error ? changeErrorMessage(rename.error) : undefined}
          onCancel={close}
          onSubmit={(name) => rename.mutate({ folderId: dialog.folder!.id, name }, { onSuccess: close })}
        />
      )}
      {dialog?.kind === 'delete' && dialog.folder && (
        <ConfirmDialog
          title={`Delete the folder ${dialog.folder.name}?`}
          message="Its subfolders go with it. Its videos are kept: they move to the library root."
          confirmLabel="Delete folder"
          onCancel={close}
          onConfirm={() => {
            const gone = dialog.folder!;
            close();
            remove.mutate({ folderId: gone.id }, { onSuccess: () => open(path.at(-2)?.id ?? '') });
          }}
        />
      )}
      {remove.error && (
        <p role="alert" className="text-error text-sm">
          {changeErrorMessage(remove.error)}
        </p>
      )}
    </>
  );
}
