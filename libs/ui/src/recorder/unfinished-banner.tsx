import type { ReactNode } from 'react';

export interface UnfinishedBannerProps {
  count: number;
  /** The link to /record (the app gives a router link). */
  children: ReactNode;
}

/** On every page: recordings on this computer wait to be uploaded. */
export function UnfinishedBanner({ count, children }: UnfinishedBannerProps) {
  if (count === 0) return null;
  return (
    <div role="status" className="alert alert-info alert-soft">
      <span>
        {count === 1 ? 'An unfinished recording is' : `${count} unfinished recordings are`} waiting on this computer.
      </span>
      {children}
    </div>
  );
}
