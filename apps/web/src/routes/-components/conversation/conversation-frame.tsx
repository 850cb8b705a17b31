import type { Transport } from '@connectrpc/connect';
import { lazy, Suspense, useRef, type ReactNode } from 'react';

const ConversationSection = lazy(() => import('./conversation-section'));

export interface ConversationFrameProps {
  transport: Transport;
  videoId: string;
  shareToken?: string;
  /** The signed-in person's uid; undefined when signed out. */
  myUid?: string;
  isOwner: boolean;
  durationSeconds: number;
  /** Where a signed-out viewer goes to sign in (this page, after). */
  signInHref: string;
  /** The player. */
  children: ReactNode;
}

/**
 * The player with its conversation under it (issue 28): the comments, reactions and insights load
 * after the page, so the player never waits for them; they find the player inside this frame.
 */
export function ConversationFrame({ children, ...props }: ConversationFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  return (
    <div ref={frame} className="flex w-full flex-col gap-4">
      {children}
      <Suspense fallback={null}>
        <ConversationSection {...props} frame={frame} />
      </Suspense>
    </div>
  );
}
