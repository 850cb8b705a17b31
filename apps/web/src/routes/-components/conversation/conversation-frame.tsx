import { lazy, Suspense, useRef, type ReactNode } from 'react';
import type { ConversationProps } from './conversation-section';

const ConversationSection = lazy(() => import('./conversation-section'));

export interface ConversationFrameProps extends ConversationProps {
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
