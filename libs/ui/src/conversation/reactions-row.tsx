import type { ReactNode } from 'react';
import { formatTime } from '../primitives';
import { ReactionIcon } from './reaction-icons';

export interface MomentMarker {
  momentSeconds: number;
  count: number;
  label: string;
}

/** A row of reaction buttons under the player: a reaction at the player's current moment, each with its count. */
export function ReactionsRow(props: {
  emoji: readonly string[];
  disabled: boolean;
  onReact(emoji: string): void;
  /** How many of each there are (none shown when absent). */
  counts?: Readonly<Record<string, number>>;
  /** Shown beside the row while it is disabled (a link to sign in). */
  signIn?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <div role="group" aria-label="Reactions" className="flex flex-wrap gap-1">
        {props.emoji.map((emoji) => {
          const count = props.counts?.[emoji] ?? 0;
          return (
            <button
              key={emoji}
              type="button"
              className="btn btn-ghost btn-sm gap-1"
              title={props.disabled ? 'Sign in to react' : undefined}
              disabled={props.disabled}
              onClick={() => props.onReact(emoji)}
            >
              {/* Named by its text, not aria-label: axe wants the count a person sees in the name. */}
              <ReactionIcon emoji={emoji} />
              <span className="sr-only">{`React ${emoji}`}</span>
              {count > 0 && <span>{count}</span>}
            </button>
          );
        })}
      </div>
      {props.disabled && props.signIn}
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
      role="group"
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
