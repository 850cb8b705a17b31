export interface RecorderControlsProps {
  /** Recording now: Stop Recording is the action; otherwise Start Recording. */
  recording: boolean;
  /** Waiting for the screen picker or for the last chunk. */
  busy?: boolean;
  /** e.g. while uploading (docs/product.md, States): start and stop are disabled. */
  disabled?: boolean;
  onStart: () => void;
  onStop: () => void;
  /** Paused now: Resume is offered instead of Pause, and Stop stays available. */
  paused?: boolean;
  /** Given: Pause (while recording) and Resume (while paused) are offered. */
  onPause?: () => void;
  onResume?: () => void;
}

export function RecorderControls({
  recording,
  busy = false,
  disabled = false,
  onStart,
  onStop,
  paused = false,
  onPause,
  onResume,
}: RecorderControlsProps) {
  const live = recording || paused;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn btn-primary" onClick={onStart} disabled={disabled || busy || live}>
        <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full bg-red-500" />
        Start Recording
      </button>
      <button type="button" className="btn btn-outline" onClick={onStop} disabled={disabled || busy || !live}>
        <span aria-hidden="true" className="inline-block h-3 w-3 bg-current" />
        Stop Recording
      </button>
      {onPause && onResume && live ? (
        paused ? (
          <button type="button" className="btn btn-outline" onClick={onResume} disabled={disabled || busy}>
            Resume
          </button>
        ) : (
          <button type="button" className="btn btn-outline" onClick={onPause} disabled={disabled || busy}>
            Pause
          </button>
        )
      ) : null}
    </div>
  );
}
