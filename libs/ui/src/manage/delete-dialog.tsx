import { Modal } from './modal';
import { FormError } from './form-error';

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
    <Modal title="Delete video?" onClose={onCancel}>
      <p>
        Delete <strong className="break-words">{title || 'Untitled video'}</strong>? Its recording and thumbnail are
        removed, and its links stop working. This cannot be undone.
      </p>
      <FormError message={error} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel} disabled={deleting}>
          Cancel
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}
