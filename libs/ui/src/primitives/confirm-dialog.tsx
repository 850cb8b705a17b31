import type { ReactNode } from 'react';
import { Modal } from './modal';
import { FormError } from './form-error';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, asked as a question. */
  message: ReactNode;
  confirmLabel: string;
  /** While the change runs both buttons are disabled, so it is asked for once. */
  busy?: boolean;
  /** Why the last attempt failed. */
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks once before a change that cannot be undone (Cancel or the red confirm), and says why it
 * failed if it did. Escape and the backdrop cancel (the `Modal`).
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <p>{message}</p>
      <FormError message={error} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
