import { formatTime } from '../primitives';

export interface ElapsedTimeProps {
  elapsedMs: number;
  /** Paused: the time stands still and says so. */
  paused?: boolean;
}

/** The time recorded so far, "m:ss", with a pulsing dot. */
export function ElapsedTime({ elapsedMs, paused = false }: ElapsedTimeProps) {
  const text = formatTime(elapsedMs / 1000);
  return (
    <p className="flex items-center gap-2 font-mono text-lg" aria-live="off">
      <span
        aria-hidden="true"
        className={`inline-block h-3 w-3 rounded-full ${paused ? 'bg-base-content/40' : 'animate-pulse bg-red-500'}`}
      />
      <span>{paused ? 'Paused' : 'Recording'}</span>
      <time data-testid="elapsed-time" dateTime={`PT${Math.floor(elapsedMs / 1000)}S`}>
        {text}
      </time>
    </p>
  );
}
