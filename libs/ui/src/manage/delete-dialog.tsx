import { ConfirmDialog } from '../primitives';

export interface DeleteDialogProps {
  /** The video's title, named in the question. */
  title: string;
  deleting?: boolean;
  /** Why the last attempt failed. */
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before deleting: names the video, confirms with Delete, or Cancel. */
export function DeleteDialog({ title, deleting = false, error, onConfirm, onCancel }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      title="Delete video?"
      message={
        <>
          Delete <strong className="break-words">{title || 'Untitled video'}</strong>? Its recording and thumbnail are
          removed, and its links stop working. This cannot be undone.
        </>
      }
      confirmLabel={deleting ? 'Deleting...' : 'Delete'}
      busy={deleting}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
