import type { ReactNode } from 'react';

/** /videos: the heading "Videos" and its line, above the library (or its skeleton, or its error). */
export function LibraryPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">Videos</h1>
        <p className="text-base-content/70">View and manage your recorded videos</p>
      </header>
      {children}
    </div>
  );
}
