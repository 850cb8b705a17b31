import type { ReactNode } from 'react';

/** The player with a panel beside it on wide screens (the transcript), or the player alone. */
export function StageBeside({ children, side }: { children: ReactNode; side?: ReactNode }) {
  if (!side) return children;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {children}
      {side}
    </div>
  );
}
