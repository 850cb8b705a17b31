import { useState } from 'react';
import { ConfirmDialog, FormError } from '../primitives';
import { FolderBar, type FolderBarProps, type FolderItem } from './folder-bar';
import { FolderNameDialog } from './folder-name-dialog';

interface NameChange<A extends unknown[]> {
  busy: boolean;
  error?: string;
  /** Calls `done` once the change is made (the dialog then closes); a refusal shows as `error`. */
  submit: (...args: [...A, done: () => void]) => void;
}

export interface FolderManagerProps extends Omit<FolderBarProps, 'onNewFolder' | 'onRename' | 'onDelete'> {
  create: NameChange<[name: string]>;
  rename: NameChange<[folderId: string, name: string]>;
  onDelete: (folderId: string) => void;
  deleteError?: string;
  /** A name dialog closed: forget its error. */
  onCloseDialog: () => void;
}

/**
 * The folders above the grid (`FolderBar`) with their dialogs: New folder, Rename and Delete of
 * the open one (its videos go to the root).
 */
export function FolderManager({ create, rename, onDelete, deleteError, onCloseDialog, ...bar }: FolderManagerProps) {
  const [dialog, setDialog] = useState<{ kind: 'new' | 'rename' | 'delete'; folder?: FolderItem }>();
  const close = () => {
    setDialog(undefined);
    onCloseDialog();
  };
  const folder = dialog?.folder;
  return (
    <>
      <FolderBar
        {...bar}
        onNewFolder={() => setDialog({ kind: 'new' })}
        onRename={(chosen) => setDialog({ kind: 'rename', folder: chosen })}
        onDelete={(chosen) => setDialog({ kind: 'delete', folder: chosen })}
      />
      {dialog?.kind === 'new' && (
        <FolderNameDialog
          title="New folder"
          submitLabel="Create"
          busy={create.busy}
          error={create.error}
          onCancel={close}
          onSubmit={(name) => create.submit(name, close)}
        />
      )}
      {dialog?.kind === 'rename' && folder && (
        <FolderNameDialog
          title="Rename folder"
          submitLabel="Rename"
          initialName={folder.name}
          busy={rename.busy}
          error={rename.error}
          onCancel={close}
          onSubmit={(name) => rename.submit(folder.id, name, close)}
        />
      )}
      {dialog?.kind === 'delete' && folder && (
        <ConfirmDialog
          title={`Delete the folder ${folder.name}?`}
          message="Its subfolders go with it. Its videos are kept: they move to the library root."
          confirmLabel="Delete folder"
          onCancel={close}
          onConfirm={() => {
            close();
            onDelete(folder.id);
          }}
        />
      )}
      <FormError message={deleteError} />
    </>
  );
}
