import { useState } from 'react';
import { FormDialog } from './form-dialog';
import { FormError } from './form-error';
import type { NameDialogProps } from './name-dialog';

export type PickDialogProps = Pick<NameDialogProps, 'title' | 'label' | 'busy' | 'error' | 'onCancel'> & {
  /** The first choice, whose id is '': "Library root", "Personal library". */
  noneLabel: string;
  choices: readonly { id: string; label: string }[];
  /** The choice preselected ('' the first). */
  current?: string | undefined;
  /** Move there: the chosen id. */
  onMove: (id: string) => void;
};

/** Picks where videos go, from a list whose first choice is none of the others; Move submits. */
export function PickDialog({
  current = '',
  choices,
  noneLabel,
  busy = false,
  error,
  onMove,
  ...dialog
}: PickDialogProps) {
  const [chosen, setChosen] = useState(current);
  return (
    <FormDialog
      {...dialog}
      submitLabel="Move"
      busy={busy}
      onSubmit={() => onMove(chosen)}
      field={(id) => (
        <>
          <select id={id} className="select w-full" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{noneLabel}</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
          <FormError message={error} />
        </>
      )}
    />
  );
}
