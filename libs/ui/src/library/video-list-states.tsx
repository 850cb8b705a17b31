import { PlainLink, type LinkComponent } from '../primitives/link-component';
import { VideoPlaceholderIcon } from './video-placeholder-icon';

export interface EmptyVideosProps {
  /** Renders the call to record (/record); pass the router's Link to stay in the page. */
  LinkComponent?: LinkComponent;
}

/** An empty library: say so and offer to record the first video. */
export function EmptyVideos({ LinkComponent = PlainLink }: EmptyVideosProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center">
      <VideoPlaceholderIcon className="h-12 w-12 text-base-content/40" />
      <p className="font-medium">No videos yet</p>
      <p className="text-sm text-base-content/70">Record your screen and your videos will appear here.</p>
      <LinkComponent to="/record" className="btn btn-primary btn-sm">
        Start Recording
      </LinkComponent>
    </div>
  );
}

export interface LoadErrorProps {
  /** What went wrong, in words a person can act on. */
  message: string;
  /** Absent where trying again cannot help (a page the person may not see): no Retry then. */
  onRetry?: () => void;
  retrying?: boolean;
  /** The page's heading, for a page that failed as a whole: the person still sees where they are. */
  title?: string;
}

/** A failed load: the reason and a Retry button (never an endless "Loading..."). */
export function LoadError({ message, onRetry, retrying = false, title }: LoadErrorProps) {
  const alert = (
    <div role="alert" className="alert alert-error alert-soft">
      {/* The error colour on its own soft tint reads at 2.65:1; the page's text colour passes 4.5:1. */}
      <span className="text-base-content">{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying...' : 'Retry'}
        </button>
      )}
    </div>
  );
  if (!title) return alert;
  return (
    <section className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold">{title}</h1>
      {alert}
    </section>
  );
}

export interface LoadMoreProps {
  onLoadMore: () => void;
  loading: boolean;
}

export function LoadMore({ onLoadMore, loading }: LoadMoreProps) {
  return (
    <div className="flex justify-center">
      <button type="button" className="btn btn-outline btn-sm" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Loading more...' : 'Load more'}
      </button>
    </div>
  );
}

/** Skeleton cards while the first page loads. */
export function VideoGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div
      aria-busy="true"
      aria-label="Loading videos"
      className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton aspect-video w-full max-w-[225px]" />
      ))}
    </div>
  );
}
