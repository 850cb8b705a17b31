import { useId, useState } from 'react';
import { Modal } from '../manage/modal';

export interface FolderNameDialogProps {
  /** "New folder", "Rename folder". */
  title: string;
  initialName?: string;
  /** The button's label: "Create", "Rename". */
  submitLabel: string;
  busy?: boolean;
  /** Why the last attempt failed. */
  error?: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a folder's name; Enter submits. An empty name is refused here, before any call. */
export function FolderNameDialog({
  title,
  initialName = '',
  submitLabel,
  busy = false,
  error,
  onSubmit,
  onCancel,
}: FolderNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [blank, setBlank] = useState(false);
  const inputId = useId();
  return (
    <Modal title={title} onClose={onCancel}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return setBlank(true);
          onSubmit(name.trim());
        }}
      >
        <label htmlFor={inputId} className="text-sm font-medium">
          Name
        </label>
        <input
          id={inputId}
          className="input w-full"
          value={name}
          maxLength={100}
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            setBlank(false);
          }}
        />
        {(blank || error) && (
          <p role="alert" className="text-error text-sm">
            {blank ? 'Give the folder a name.' : error}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
