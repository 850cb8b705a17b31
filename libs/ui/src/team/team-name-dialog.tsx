import { useState } from 'react';
import { DialogTextInput, FormDialog } from '../manage/form-dialog';
import { FormError } from '../manage/form-error';

export interface TeamNameDialogProps {
  title: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for a team's name (Create team, Rename team); the focus starts in the field. */
export function TeamNameDialog({
  title,
  submitLabel,
  initial = '',
  busy,
  error,
  onSubmit,
  onCancel,
}: TeamNameDialogProps) {
  const [name, setName] = useState(initial);
  return (
    <FormDialog
      title={title}
      label="Team name"
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={() => onSubmit(name)}
      onCancel={onCancel}
      field={(id) => (
        <>
          <DialogTextInput id={id} value={name} maxLength={200} onChange={setName} />
          <FormError message={error} />
        </>
      )}
    />
  );
}
