/**
 * What the player says about itself over the video: a Buffering spinner while it waits for data,
 * and why playback failed (an alert), across the top in a filled frame.
 */
export function PlayerStatus({ buffering, error, fill }: { buffering: boolean; error?: string; fill: boolean }) {
  return (
    <>
      {buffering && (
        <span
          role="status"
          aria-label="Buffering"
          className="loading loading-spinner loading-lg pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 text-white"
        />
      )}
      {error && (
        <p
          role="alert"
          className={`bg-error px-3 py-1 text-sm text-error-content ${fill ? 'absolute inset-x-0 top-0' : ''}`}
        >
          {error}
        </p>
      )}
    </>
  );
}
