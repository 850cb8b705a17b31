import type { ReactNode } from 'react';

/**
 * The recording's controls (Start/Stop, Pause, the time) in a bar that stays in view: it sticks to
 * the bottom of the window when the page under it is taller (a live picture, the area chooser),
 * and to the top when the page is scrolled past it.
 */
export function RecordingBar({ children }: { children: ReactNode }) {
  return (
    <div
      role="group"
      aria-label="Recording controls"
      data-testid="recording-bar"
      className="sticky top-0 bottom-0 z-10 -mx-2 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box border border-base-300 bg-base-100 px-2 py-2 shadow-sm"
    >
      {children}
    </div>
  );
}
