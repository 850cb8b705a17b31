import { type RefObject, useCallback, useEffect } from 'react';
import { type TimeSpan, previewPosition } from '../primitives';

/**
 * An edit's preview: playback in `videoRef` jumps over what the edit removes and stops after the
 * last kept span. Returns the check to run on timeupdate; while `playing` it also runs on every
 * animation frame, because timeupdate comes only every 15–250 ms and a removed part that short
 * would otherwise show.
 */
export function useKeptSpans(
  videoRef: RefObject<HTMLMediaElement | null>,
  keptSpans: readonly TimeSpan[] | undefined,
  playing: boolean,
) {
  const keepToSpans = useCallback(() => {
    const video = videoRef.current;
    if (!video || !keptSpans || keptSpans.length === 0 || video.seeking) return;
    const next = previewPosition(keptSpans, video.currentTime);
    if (next === 'end') {
      if (!video.paused) video.pause();
    } else if (next - video.currentTime > 0.01) video.currentTime = next;
  }, [videoRef, keptSpans]);

  useEffect(() => {
    if (!playing || !keptSpans?.length) return;
    let frame = requestAnimationFrame(function check() {
      keepToSpans();
      frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, keptSpans, keepToSpans]);

  return keepToSpans;
}
