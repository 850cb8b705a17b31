import type { Video } from '@stream/proto';
import { StageBeside } from '@stream/ui';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import type { ConversationProps } from './conversation/conversation-section';

// Both load after the page: the player never waits for them, and the first page's budget has no room.
const ConversationSection = lazy(() => import('./conversation/conversation-section'));
const VideoTranscript = lazy(() => import('./video-transcript'));

export interface PlayerAreaProps extends Omit<ConversationProps, 'videoId' | 'durationSeconds'> {
  video: Video;
  /** The player. */
  children: ReactNode;
  /** The transcript beside the player, following `player`. */
  transcript: boolean;
  player: HTMLVideoElement | null;
}

/**
 * A video's player with its transcript beside it and its conversation under it: the
 * comments, reactions and insights find the player inside this frame.
 */
export function PlayerArea({ video, children, transcript, player, ...props }: PlayerAreaProps) {
  const frame = useRef<HTMLDivElement>(null);
  const side = transcript && (
    <Suspense fallback={null}>
      <VideoTranscript video={video} {...props} player={player} />
    </Suspense>
  );
  return (
    <div ref={frame} className="flex w-full flex-col gap-4">
      <StageBeside side={side}>{children}</StageBeside>
      <Suspense fallback={null}>
        <ConversationSection {...props} videoId={video.id} durationSeconds={video.durationSeconds} frame={frame} />
      </Suspense>
    </div>
  );
}
