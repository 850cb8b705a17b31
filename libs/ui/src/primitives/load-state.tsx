import type { ReactNode } from 'react';

/** What a section shows of its load: why it failed (announced), "Loading..." meanwhile, then `children`. */
export function LoadState(props: { loadError?: string | undefined; loading: boolean; children: ReactNode }) {
  if (props.loadError)
    return (
      <p role="alert" className="text-error">
        {props.loadError}
      </p>
    );
  if (props.loading) return <p>Loading...</p>;
  return props.children;
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
