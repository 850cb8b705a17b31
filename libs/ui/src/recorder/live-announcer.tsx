export interface LiveAnnouncerProps {
  /** The latest sentence for screen readers ("Recording paused"). */
  message: string;
}

/** Says what the keyboard shortcuts (and the buttons) did, to screen readers only. */
export function LiveAnnouncer({ message }: LiveAnnouncerProps) {
  return (
    <p className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="recorder-announcer">
      {message}
    </p>
  );
}
