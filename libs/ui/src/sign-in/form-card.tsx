import type { ReactNode } from 'react';
import { readForm } from './form-data';
import { SignInCard } from './sign-in-card';

/**
 * A sign-in screen that is one form: the card, `intro` above the form, `after` below it.
 * `onValues` gets the submitted text fields by name (the page does not reload).
 */
export function FormCard({
  title,
  busy,
  intro,
  after,
  onValues,
  children,
}: {
  title: string;
  busy?: boolean;
  intro?: ReactNode;
  after?: ReactNode;
  onValues: (values: Record<string, string>) => void;
  children: ReactNode;
}) {
  return (
    <SignInCard title={title} busy={busy}>
      {intro}
      <form noValidate className="flex flex-col gap-2" onSubmit={(event) => onValues(readForm(event))}>
        {children}
      </form>
      {after}
    </SignInCard>
  );
}

/** The row of a form's buttons: Cancel (when it can be) and the submit button. */
export const FormActions = ({
  busy,
  cancel,
  onCancel,
  submit,
  submitDisabled,
}: {
  busy?: boolean;
  cancel?: string;
  onCancel?: () => void;
  submit: string;
  submitDisabled?: boolean;
}) => (
  <div className="flex justify-end gap-2">
    {onCancel && (
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        {cancel ?? 'Cancel'}
      </button>
    )}
    <button type="submit" className="btn btn-primary" disabled={busy || submitDisabled}>
      {submit}
    </button>
  </div>
);
