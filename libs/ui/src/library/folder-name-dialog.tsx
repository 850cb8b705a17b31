import { useState } from 'react';
import { DialogTextInput, FormDialog } from '../manage/form-dialog';
import { FormError } from '../manage/form-error';

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
  return (
    <FormDialog
      title={title}
      label="Name"
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={() => (name.trim() ? onSubmit(name.trim()) : setBlank(true))}
      onCancel={onCancel}
      field={(id) => (
        <>
          <DialogTextInput
            id={id}
            value={name}
            maxLength={100}
            onChange={(value) => {
              setName(value);
              setBlank(false);
            }}
          />
          <FormError message={blank ? 'Give the folder a name.' : error} />
        </>
      )}
    />
  );
}
