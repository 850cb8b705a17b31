export interface RecorderControlsProps {
  /** Recording now: Stop Recording is the action; otherwise Start Recording. */
  recording: boolean;
  /** Waiting for the screen picker or for the last chunk. */
  busy?: boolean;
  /** e.g. while uploading (docs/product.md, States): start and stop are disabled. */
  disabled?: boolean;
  onStart: () => void;
  onStop: () => void;
}

export function RecorderControls({
  recording,
  busy = false,
  disabled = false,
  onStart,
  onStop,
}: RecorderControlsProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn btn-primary" onClick={onStart} disabled={disabled || busy || recording}>
        <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full bg-red-500" />
        Start Recording
      </button>
      <button type="button" className="btn btn-outline" onClick={onStop} disabled={disabled || busy || !recording}>
        <span aria-hidden="true" className="inline-block h-3 w-3 bg-current" />
        Stop Recording
      </button>
    </div>
  );
}
