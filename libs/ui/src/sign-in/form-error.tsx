/** An error that belongs to the whole screen rather than one field; announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  return (
    <div role="alert" aria-live="assertive">
      {message ? <p className="alert alert-error alert-soft text-sm">{message}</p> : null}
    </div>
  );
}
