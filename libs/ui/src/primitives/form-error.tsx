/** Why the last attempt failed, announced as it appears; nothing when there is no message. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-error text-sm">
      {message}
    </p>
  );
}
