import { Modal } from '../manage/modal';
import { FormError } from '../manage/form-error';

export interface TeamConfirmProps {
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks once before a team change that cannot be undone, and says why it failed if it did. */
export function TeamConfirm({ title, message, confirmLabel, busy, error, onConfirm, onCancel }: TeamConfirmProps) {
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
