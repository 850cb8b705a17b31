import { useState } from 'react';
import { DialogTextInput, FormDialog } from './form-dialog';
import { FormError } from './form-error';

export interface NameDialogProps {
  /** "New folder", "Rename team". */
  title: string;
  /** The field's label: "Name", "Team name". */
  label: string;
  /** The button's label: "Create", "Rename". */
  submitLabel: string;
  initialName?: string | undefined;
  maxLength: number;
  /** Given: a blank name is refused here with these words, before any call, and a name is trimmed. */
  blankMessage?: string;
  busy?: boolean | undefined;
  /** Why the last attempt failed. */
  error?: string | undefined;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a name in a dialog; Enter submits, the focus starts in the field. */
export function NameDialog({
  initialName = '',
  blankMessage,
  busy = false,
  error,
  onSubmit,
  ...dialog
}: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [blank, setBlank] = useState(false);
  const submit = () => {
    if (blankMessage === undefined) onSubmit(name);
    else if (name.trim()) onSubmit(name.trim());
    else setBlank(true);
  };
  return (
    <FormDialog
      title={dialog.title}
      label={dialog.label}
      submitLabel={dialog.submitLabel}
      busy={busy}
      onSubmit={submit}
      onCancel={dialog.onCancel}
      field={(id) => (
        <>
          <DialogTextInput
            id={id}
            value={name}
            maxLength={dialog.maxLength}
            onChange={(value) => {
              setName(value);
              setBlank(false);
            }}
          />
          <FormError message={blank ? blankMessage : error} />
        </>
      )}
    />
  );
}
