import { useState, type ReactNode } from 'react';
import type { CallToActionView } from '../primitives';
import { CallToActionButton } from './call-to-action-button';

/**
 * The player with the owner's call to action over it: throughout, or once playback ended. Without
 * one, the player alone (no wrapper, so layouts are as before).
 */
export function WithCallToAction({
  callToAction,
  onClick,
  fill = false,
  children,
}: {
  callToAction?: CallToActionView;
  onClick?: () => void;
  fill?: boolean;
  /** The player, given what to call when playback ends. */
  children: (onEnded: () => void) => ReactNode;
}) {
  const [ended, setEnded] = useState(false);
  if (!callToAction) return children(() => undefined);
  const shown = callToAction.placement === 'throughout' || ended;
  return (
    <div className={fill ? 'relative h-full w-full' : 'relative'}>
      {children(() => setEnded(true))}
      {shown && <CallToActionButton {...callToAction} onClick={onClick} />}
    </div>
  );
}
