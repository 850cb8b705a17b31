import type { ChapterMark } from './chapters';
import { formatTime } from '../primitives';
import { type StoryboardSprite, storyboardTile } from './storyboard';

/** Chapter marks over the seek bar, at their share of the duration. */
export function ChapterMarks({ chapters, duration }: { chapters: readonly ChapterMark[]; duration: number }) {
  if (!(duration > 0) || chapters.length === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 top-1/2 h-3 -translate-y-1/2" data-testid="chapter-marks">
      {chapters.map((chapter) => (
        <span
          key={`${chapter.seconds}-${chapter.title}`}
          title={chapter.title}
          data-testid="chapter-mark"
          className="absolute h-3 w-0.5 bg-warning"
          style={{ left: `${Math.min(100, (chapter.seconds / duration) * 100)}%` }}
        />
      ))}
    </div>
  );
}

/** The storyboard tile of `time` above the seek bar at `fraction` of its width. */
export function HoverPreview({ sprite, time, fraction }: { sprite: StoryboardSprite; time: number; fraction: number }) {
  const tile = storyboardTile(sprite, time);
  return (
    <div
      role="img"
      aria-label={`Preview at ${formatTime(time)}`}
      className="pointer-events-none absolute bottom-full mb-2 -translate-x-1/2 overflow-hidden rounded border border-base-100 shadow"
      style={{
        left: `${Math.min(100, Math.max(0, fraction * 100))}%`,
        width: sprite.tileWidth,
        height: sprite.tileHeight,
        backgroundImage: `url("${sprite.url}")`,
        backgroundPosition: `-${tile.x}px -${tile.y}px`,
      }}
    >
      <span className="absolute bottom-0 left-0 bg-black/70 px-1 font-mono text-xs text-white">{formatTime(time)}</span>
    </div>
  );
}

/** The chapters as buttons that seek, beside the player. */
export function ChapterList({
  chapters,
  onSeek,
}: {
  chapters: readonly ChapterMark[];
  onSeek: (seconds: number) => void;
}) {
  if (chapters.length === 0) return null;
  return (
    <nav aria-label="Chapters" className="bg-base-200 px-3 py-2">
      <ol className="flex flex-col gap-1">
        {chapters.map((chapter) => (
          <li key={`${chapter.seconds}-${chapter.title}`}>
            <button
              type="button"
              className="btn btn-ghost btn-xs justify-start gap-2"
              onClick={() => onSeek(chapter.seconds)}
            >
              <span className="font-mono tabular-nums">{formatTime(chapter.seconds)}</span>
              <span>{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
