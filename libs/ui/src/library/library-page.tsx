import type { ReactNode } from 'react';

/**
 * /videos: the heading and its line, above the library (or its skeleton, or its error). In a team
 * space the heading names the team ("Acme videos"); `spaceName` '' while its name loads.
 */
export function LibraryPage({ children, spaceName }: { children: ReactNode; spaceName?: string }) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">{spaceName ? `${spaceName} videos` : 'Videos'}</h1>
        <p className="text-base-content/70">
          {spaceName === undefined
            ? 'View and manage your recorded videos'
            : "Your team's videos, shared with its members"}
        </p>
      </header>
      {children}
    </div>
  );
}
