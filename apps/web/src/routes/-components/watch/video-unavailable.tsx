/** What a PRIVATE, deleted, expired or reset link shows: nothing about the video. */
export function VideoUnavailable() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold">This video is not available</h1>
      <p className="text-base-content/70">The link may have expired or been turned off by its owner.</p>
    </div>
  );
}
