import type { ReactNode } from 'react';
import { PlainLink, type LinkComponent } from '../primitives';

/** The watch page's own frame: the name, a call to record, the page; none of the app's navigation. */
export function WatchFrame({
  children,
  LinkComponent = PlainLink,
}: {
  children: ReactNode;
  LinkComponent?: LinkComponent;
}) {
  return (
    <div className="min-h-screen bg-base-200">
      <header className="flex items-center justify-between gap-4 bg-base-100 px-4 py-3 shadow-sm">
        <LinkComponent to="/" className="text-xl font-bold">
          Stream
        </LinkComponent>
        <LinkComponent to="/record" className="btn btn-primary btn-sm">
          Record your own
        </LinkComponent>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-4 p-4">{children}</main>
    </div>
  );
}

/** What a PRIVATE, deleted, expired or reset link shows: nothing about the video. */
export function VideoUnavailable() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <h1 className="text-2xl font-bold">This video is not available</h1>
      <p className="text-base-content/70">The link may have expired or been turned off by its owner.</p>
    </div>
  );
}
