import { type RefObject, useRef } from 'react';

/**
 * The longest step between two timeupdates that still counts as playback. The HTML spec fires
 * timeupdate every 15 to 250 ms while playing, so at the fastest speed offered (2×) a step is about
 * 0.5 s; 1.5 s leaves room for a busy tab. Anything longer is a jump: a seek whose `seeking` flag
 * had already cleared, or an edit's preview skipping a span.
 */
export const MAX_PLAYED_STEP_SECONDS = 1.5;

/**
 * Seconds actually played in `videoRef`'s element: the small forward steps of timeupdate while it
 * plays. A seek is a jump (or happens paused), so it does not count, and playback counts again from
 * where the seek landed. Watching a part twice counts twice: this is time spent watching (what a
 * view counter asks: 3 s of playback), not coverage of the video, which the element's own `played`
 * ranges give.
 *
 * Wire `onTimeUpdate` and `onSeeked` to the element's events; `onPlayed` hears the running total
 * after every step that counted.
 */
export function usePlayedSeconds(
  videoRef: RefObject<HTMLMediaElement | null>,
  onPlayed: ((seconds: number) => void) | undefined,
) {
  const played = useRef({ total: 0, last: 0 });
  return {
    onTimeUpdate() {
      const video = videoRef.current;
      if (!video) return;
      const step = video.currentTime - played.current.last;
      played.current.last = video.currentTime;
      if (video.paused || video.seeking || step <= 0 || step > MAX_PLAYED_STEP_SECONDS) return;
      played.current.total += step;
      onPlayed?.(played.current.total);
    },
    onSeeked() {
      played.current.last = videoRef.current?.currentTime ?? 0;
    },
  };
}
