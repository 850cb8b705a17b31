type FrameCallback = (now: number, metadata: { mediaTime: number }) => void;
/** requestVideoFrameCallback is missing in older engines (Firefox before 132): optional here. */
type FramedVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: FrameCallback) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * Calls `onTime` with the playing position as it changes: on every presented frame, with that
 * frame's own time, where the engine has requestVideoFrameCallback (so an overlay appears on the
 * frame it belongs to, not up to 250 ms later); on timeupdate, seeks and new metadata everywhere.
 * Returns the unsubscribe.
 */
export function followPlayback(video: HTMLVideoElement, onTime: (seconds: number) => void): () => void {
  const framed = video as FramedVideo;
  const report = () => onTime(video.currentTime);
  const events = ['timeupdate', 'seeked', 'loadedmetadata', 'emptied'] as const;
  for (const name of events) video.addEventListener(name, report);
  let handle: number | undefined;
  const onFrame: FrameCallback = (_now, metadata) => {
    onTime(metadata.mediaTime);
    handle = framed.requestVideoFrameCallback?.(onFrame);
  };
  handle = framed.requestVideoFrameCallback?.(onFrame);
  report();
  return () => {
    for (const name of events) video.removeEventListener(name, report);
    if (handle !== undefined) framed.cancelVideoFrameCallback?.(handle);
  };
}
