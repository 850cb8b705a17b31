export type AlertMessage = { readonly kind: 'success' | 'error'; readonly message: string };

export interface AlertAreaProps {
  /** null: nothing shown (docs/product.md, States: none, success or error). */
  alert: AlertMessage | null;
  /** An error alert has a Dismiss button. */
  onDismiss: () => void;
}

/** The page's alert area: nothing, a success message, or an error with Dismiss. */
export function AlertArea({ alert, onDismiss }: AlertAreaProps) {
  if (!alert) return null;
  if (alert.kind === 'success') {
    return (
      <div role="status" className="alert alert-success alert-soft">
        <span className="text-base-content">{alert.message}</span>
      </div>
    );
  }
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span className="text-base-content">{alert.message}</span>
      <button type="button" className="btn btn-sm" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
