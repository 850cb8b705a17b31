import { PlainLink, type LinkComponent } from '../primitives';
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
