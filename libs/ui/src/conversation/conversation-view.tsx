import type { ReactNode, RefObject } from 'react';
import { CommentsPanel, type CommentsPanelProps } from './comments-panel';
import { MomentMarkers, ReactionsRow, type MomentMarker } from './reactions-row';

export type ConversationViewProps = Omit<CommentsPanelProps, 'currentMoment' | 'onSeek' | 'signIn'> & {
  /** What holds the player: its <video> is where a comment or reaction is made, and what a marker seeks. */
  frame: RefObject<HTMLElement | null>;
  markers: readonly MomentMarker[];
  durationSeconds: number;
  reactionEmoji: readonly string[];
  onReact(emoji: string, momentSeconds: number): void;
  /** Where a signed-out viewer goes to sign in. */
  signInHref: string;
  /** The owner's insights, above the comments. */
  insights?: ReactNode;
  /** The video's reactions, counted on their buttons. */
  reactions?: readonly { emoji: string }[];
};

const countsOf = (reactions: readonly { emoji: string }[]) => {
  const counts: Record<string, number> = {};
  for (const { emoji } of reactions) counts[emoji] = (counts[emoji] ?? 0) + 1;
  return counts;
};

/** The conversation under a player: markers, reactions (signed in), the owner's insights, comments. */
export function ConversationView({
  frame,
  markers,
  durationSeconds,
  reactionEmoji,
  onReact,
  signInHref,
  insights,
  reactions = [],
  ...comments
}: ConversationViewProps) {
  const player = () => frame.current?.querySelector('video') ?? null;
  const seek = (seconds: number) => {
    const video = player();
    if (video) video.currentTime = seconds;
  };
  const now = () => player()?.currentTime ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <MomentMarkers markers={markers} durationSeconds={durationSeconds} onSeek={seek} />
      <ReactionsRow
        emoji={reactionEmoji}
        disabled={comments.myUid === undefined}
        onReact={(emoji) => onReact(emoji, now())}
        counts={countsOf(reactions)}
        signIn={
          <a className="link text-sm" href={signInHref}>
            Sign in to react
          </a>
        }
      />
      {insights}
      <CommentsPanel
        {...comments}
        currentMoment={now}
        onSeek={seek}
        signIn={
          <p>
            <a className="link" href={signInHref}>
              Sign in to comment
            </a>
          </p>
        }
      />
    </div>
  );
}
