import { type ReactNode, useId } from 'react';
import { Modal } from './modal';

export interface FormDialogProps {
  title: string;
  /** The label of the one field. */
  label: string;
  /** The field, given the id its label points at (and anything below it, e.g. an error). */
  field: (id: string) => ReactNode;
  /** The submit button's label: "Create", "Move", "Add tag". */
  submitLabel: string;
  busy?: boolean;
  /** Enter or the submit button. */
  onSubmit: () => void;
  onCancel: () => void;
}

/** A modal asking for one thing: a labelled field, Cancel and a submit button. */
export function FormDialog({ title, label, field, submitLabel, busy = false, onSubmit, onCancel }: FormDialogProps) {
  const id = useId();
  return (
    <Modal title={title} onClose={onCancel}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {field(id)}
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

/** The text a form dialog asks for: one line, focused when the dialog opens. */
export function DialogTextInput({
  id,
  value,
  maxLength,
  onChange,
}: {
  id: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  return (
    <input
      id={id}
      className="input w-full"
      value={value}
      maxLength={maxLength}
      autoFocus
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
