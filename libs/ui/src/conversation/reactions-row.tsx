import { formatTime } from '../player/format-time';

export interface MomentMarker {
  momentSeconds: number;
  count: number;
  label: string;
}

/** A row of emoji buttons under the player: a reaction at the player's current moment. */
export function ReactionsRow(props: { emoji: readonly string[]; disabled: boolean; onReact(emoji: string): void }) {
  return (
    <div role="group" aria-label="Reactions" className="flex flex-wrap gap-1">
      {props.emoji.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className="btn btn-ghost btn-sm text-lg"
          aria-label={`React ${emoji}`}
          disabled={props.disabled}
          onClick={() => props.onReact(emoji)}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}

/** Comments and reactions as markers along the video's length (close ones grouped); a click seeks there. */
export function MomentMarkers(props: {
  markers: readonly MomentMarker[];
  durationSeconds: number;
  onSeek(seconds: number): void;
}) {
  if (props.durationSeconds <= 0 || props.markers.length === 0) return null;
  return (
    <div
      aria-label="Moments with comments and reactions"
      className="bg-base-300 relative h-3 w-full rounded"
      role="list"
    >
      {props.markers.map((marker) => (
        <button
          key={marker.momentSeconds}
          type="button"
          title={`${marker.label} at ${formatTime(marker.momentSeconds)}`}
          aria-label={`${marker.label} at ${formatTime(marker.momentSeconds)}`}
          className="bg-primary absolute top-0 h-3 w-2 -translate-x-1/2 rounded"
          style={{ left: `${Math.min(100, (marker.momentSeconds / props.durationSeconds) * 100)}%` }}
          onClick={() => props.onSeek(marker.momentSeconds)}
        />
      ))}
    </div>
  );
}
