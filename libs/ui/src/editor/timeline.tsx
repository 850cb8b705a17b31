import { type StoryboardSprite, storyboardTile } from '../player';
import type { TimeSpan } from '../primitives';

const TILES = 12;

/**
 * The edit at a glance: a filmstrip of the video (storyboard tiles) over its audio waveform, with
 * what the edit removes shaded, and two handles for the start and end.
 */
export function Timeline({
  duration,
  storyboard,
  start,
  end,
  removed,
  onStart,
  onEnd,
  waveform,
}: {
  duration: number;
  /** Loudness peaks (0 to 1) across the whole video, drawn under the filmstrip. */
  waveform?: readonly number[];
  storyboard?: StoryboardSprite;
  start: number;
  end: number;
  removed: readonly TimeSpan[];
  onStart: (seconds: number) => void;
  onEnd: (seconds: number) => void;
}) {
  const at = (seconds: number) => `${(seconds / duration) * 100}%`;
  const shaded = [{ start: 0, end: start }, ...removed, { start: end, end: duration }].filter((s) => s.end > s.start);
  return (
    <div className="flex flex-col gap-1">
      <div className="relative h-16 overflow-hidden rounded bg-base-300" data-testid="filmstrip">
        {storyboard && (
          <div className="flex h-full">
            {Array.from({ length: TILES }, (_, i) => {
              const tile = storyboardTile(storyboard, ((i + 0.5) / TILES) * duration);
              const scale = 64 / storyboard.tileHeight;
              return (
                <div
                  key={i}
                  aria-hidden="true"
                  className="h-full flex-1"
                  style={{
                    backgroundImage: `url("${storyboard.url}")`,
                    backgroundSize: `${storyboard.columns * storyboard.tileWidth * scale}px auto`,
                    backgroundPosition: `-${tile.x * scale}px -${tile.y * scale}px`,
                  }}
                />
              );
            })}
          </div>
        )}
        {waveform && waveform.length > 0 && (
          <svg
            aria-hidden="true"
            data-testid="waveform"
            className="absolute inset-x-0 bottom-0 h-6 w-full text-primary"
            viewBox={`0 0 ${waveform.length} 2`}
            preserveAspectRatio="none"
          >
            {waveform.map((peak, i) => (
              <rect key={i} x={i} width={0.8} y={1 - peak} height={Math.max(0.05, peak * 2)} fill="currentColor" />
            ))}
          </svg>
        )}
        {shaded.map((span) => (
          <div
            key={`${span.start}-${span.end}`}
            data-testid="removed-span"
            className="absolute inset-y-0 bg-black/60"
            style={{ left: at(span.start), width: at(span.end - span.start) }}
          />
        ))}
      </div>
      <div className="relative h-6">
        <TrimHandle
          label="Start handle"
          duration={duration}
          value={start}
          onChange={(value) => onStart(Math.min(value, end - 0.1))}
        />
        <TrimHandle
          label="End handle"
          className="range-secondary top-3"
          duration={duration}
          value={end}
          onChange={(value) => onEnd(Math.max(value, start + 0.1))}
        />
      </div>
    </div>
  );
}

/** One end of the kept range: a slider over the whole timeline, in tenths of a second. */
function TrimHandle({
  label,
  className = '',
  duration,
  value,
  onChange,
}: {
  label: string;
  className?: string;
  duration: number;
  value: number;
  onChange: (seconds: number) => void;
}) {
  return (
    <input
      type="range"
      aria-label={label}
      className={`range range-xs pointer-events-auto absolute inset-x-0 w-full ${className}`}
      min={0}
      max={duration}
      step={0.1}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}
