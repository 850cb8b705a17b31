export interface CountdownProps {
  /** Seconds left: 3, 2, 1. */
  remaining: number;
  onSkip: () => void;
}

/** 3, 2, 1 before recording; a click anywhere on it (or Escape, handled by the page) skips it. */
export function Countdown({ remaining, onSkip }: CountdownProps) {
  return (
    <div
      className="fixed inset-0 z-50 flex cursor-pointer flex-col items-center justify-center gap-4 bg-base-300/70"
      onClick={onSkip}
    >
      <p className="text-9xl font-bold tabular-nums" data-testid="countdown" aria-hidden="true">
        {remaining}
      </p>
      <button type="button" className="btn" onClick={onSkip}>
        Skip countdown
      </button>
      <p className="text-sm">Click or press Escape to start now.</p>
    </div>
  );
}
