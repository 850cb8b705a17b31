import { useLayoutEffect, useRef } from 'react';

/** Where to go once new metadata arrives: a time to seek to (if any) and whether to play again. */
export interface StartPoint {
  time?: number;
  play: boolean;
}

/**
 * Where playback was, so a replaced `src` (a refreshed signed URL after an error) picks up there,
 * playing if it was; and a link's start time, applied once to the first file only.
 *
 * The browser answers a new `src` with a pause and a jump back to 0 before the new metadata
 * arrives: from the render that changed `src` until `startPoint` is taken, those are not recorded
 * as where the viewer was.
 */
export function useResumePosition(src: string | undefined) {
  const position = useRef({ time: 0, playing: false });
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);
  const lastSrc = useRef(src);
  // A layout effect: the new src reaches the element in this commit, before its events can fire.
  useLayoutEffect(() => {
    if (lastSrc.current === src) return;
    lastSrc.current = src;
    resumeAt.current = { ...position.current };
  }, [src]);

  return {
    timeChanged(time: number) {
      if (!resumeAt.current) position.current.time = time;
    },
    played() {
      position.current.playing = true;
    },
    paused() {
      if (!resumeAt.current) position.current.playing = false;
    },
    ended() {
      position.current.playing = false;
    },
    /** Called on loadedmetadata: where this file starts, or undefined to leave it where it is. */
    startPoint(startAt: number | undefined): StartPoint | undefined {
      const resume = resumeAt.current;
      if (!resume) {
        // A link's start time, once: a replaced src resumes where it was instead.
        return startAt && startAt > 0 && position.current.time === 0 ? { time: startAt, play: false } : undefined;
      }
      resumeAt.current = null;
      return { time: resume.time > 0 ? resume.time : undefined, play: resume.playing };
    },
  };
}
