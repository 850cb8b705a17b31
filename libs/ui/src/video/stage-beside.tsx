import type { ReactNode } from 'react';

/**
 * The player with a panel beside it on wide screens (the transcript), or the player alone. The
 * player keeps its place in the tree either way: a panel that appears while a video plays (its
 * transcript finished, seen on a refetch) must not remount the player, which would stop it.
 */
export function StageBeside({ children, side }: { children: ReactNode; side?: ReactNode }) {
  return (
    <div className={side ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]' : 'contents'}>
      {children}
      {side || null}
    </div>
  );
}
