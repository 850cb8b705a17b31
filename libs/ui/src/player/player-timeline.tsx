import { useState } from 'react';
import type { ChapterMark } from './chapters';
import { formatDuration, formatTime } from '../primitives';
import { ChapterMarks, HoverPreview } from './seek-extras';
import type { StoryboardSprite } from './storyboard';

/**
 * Where playback is and the way to move it: the Seek slider (with the chapters marked on it and,
 * given a storyboard, the tile of the time under the pointer) and the `m:ss / m:ss` readout.
 */
export function PlayerTimeline({
  currentTime,
  duration,
  chapters,
  storyboard,
  onSeek,
}: {
  currentTime: number;
  /** 0 while unknown: the slider is disabled then. */
  duration: number;
  chapters: readonly ChapterMark[];
  storyboard?: StoryboardSprite;
  onSeek: (seconds: number) => void;
}) {
  const [hover, setHover] = useState<{ time: number; fraction: number }>();
  return (
    <>
      <div
        className="relative flex min-w-24 flex-1 items-center"
        onMouseMove={(event) => {
          if (!storyboard || !(duration > 0)) return;
          const box = event.currentTarget.getBoundingClientRect();
          const fraction = box.width > 0 ? Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) : 0;
          setHover({ time: fraction * duration, fraction });
        }}
        onMouseLeave={() => setHover(undefined)}
      >
        <input
          type="range"
          aria-label="Seek"
          className="range range-xs range-primary w-full"
          min={0}
          max={duration || 0}
          step="any"
          value={Math.min(currentTime, duration || currentTime)}
          aria-valuetext={`${formatTime(currentTime)} of ${formatDuration(duration)}`}
          disabled={duration <= 0}
          onChange={(event) => onSeek(Number(event.target.value))}
        />
        <ChapterMarks chapters={chapters} duration={duration} />
        {hover && storyboard && <HoverPreview sprite={storyboard} time={hover.time} fraction={hover.fraction} />}
      </div>
      <span className="font-mono text-xs tabular-nums" data-testid="player-time">
        {formatTime(currentTime)} / {formatDuration(duration)}
      </span>
    </>
  );
}
