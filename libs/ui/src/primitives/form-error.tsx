export interface FormErrorProps {
  /** Why the last attempt failed; nothing is shown without one. */
  message?: string | null | undefined;
  /**
   * An error of a whole screen (the sign-in widget's): a soft alert box, and its live region stays
   * in the page while empty, so a screen reader is already listening when the message arrives.
   * Without it the error is a line of red text under a form's fields, and absent while there is none.
   */
  banner?: boolean;
}

/** Why the last attempt failed, announced as it appears. */
export function FormError({ message, banner = false }: FormErrorProps) {
  if (banner)
    return (
      <div role="alert" aria-live="assertive">
        {message ? <p className="alert alert-error alert-soft text-sm">{message}</p> : null}
      </div>
    );
  if (!message) return null;
  return (
    <p role="alert" className="text-error text-sm">
      {message}
    </p>
  );
}
