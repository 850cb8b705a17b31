export interface RecorderNoticeProps {
  /** Why recording did not start, or what is missing from it (e.g. the microphone). */
  message: string;
  onDismiss?: () => void;
}

/** A warning about the recorder itself (not the upload): permission denied, audio missing. */
export function RecorderNotice({ message, onDismiss }: RecorderNoticeProps) {
  return (
    <div role="alert" className="alert alert-warning alert-soft">
      <span className="text-base-content">{message}</span>
      {onDismiss ? (
        <button type="button" className="btn btn-sm" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
