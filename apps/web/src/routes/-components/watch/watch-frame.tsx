import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The watch page's own frame: the name, a call to record, the page; none of the app's navigation. */
export function WatchFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-base-200">
      <header className="flex items-center justify-between gap-4 bg-base-100 px-4 py-3 shadow-sm">
        <Link to="/" className="text-xl font-bold">
          Stream
        </Link>
        <Link to="/record" className="btn btn-primary btn-sm">
          Record your own
        </Link>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-4 p-4">{children}</main>
    </div>
  );
}
