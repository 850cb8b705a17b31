import { type MouseEvent, useState } from 'react';
import { formatVideoDate } from './format-video-date';
import { StatusBadge } from './status-badge';
import { VideoPlaceholderIcon } from './video-placeholder-icon';
import type { VideoStatusLabel, VideoVisibilityLabel } from './video-status';
import { VisibilityBadge } from './visibility-badge';

export interface VideoCardProps {
  title: string;
  description: string;
  /** Empty: a placeholder icon is shown instead. */
  thumbnailUrl: string;
  status: VideoStatusLabel;
  visibility: VideoVisibilityLabel;
  createdAt: Date;
  /** Where the card leads (the whole card is one link). */
  href: string;
  /** Client-side navigation; a plain click calls it instead of following href (modified clicks still open a tab). */
  onOpen?: () => void;
}

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function VideoCard({ title, description, thumbnailUrl, status, visibility, createdAt, href, onOpen }: VideoCardProps) {
  // A thumbnail that fails to load (expired link, deleted file) falls back to the placeholder.
  const [failedThumbnail, setFailedThumbnail] = useState<string>();
  const showThumbnail = thumbnailUrl !== '' && failedThumbnail !== thumbnailUrl;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (onOpen && isPlainClick(event)) {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <a
      href={href}
      onClick={onClick}
      aria-label={title || 'Untitled video'}
      className="card card-sm bg-base-100 w-full max-w-[225px] shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
    >
      <figure className="relative aspect-video bg-base-200">
        {showThumbnail ? (
          <img
            src={thumbnailUrl}
            alt=""
            loading="lazy"
            onError={() => setFailedThumbnail(thumbnailUrl)}
            className="h-full w-full object-cover"
          />
        ) : (
          <VideoPlaceholderIcon className="h-10 w-10 text-base-content/40" />
        )}
        <StatusBadge status={status} className="absolute top-2 right-2" />
      </figure>
      <div className="card-body gap-1">
        <h3 className="card-title block truncate text-sm" title={title}>
          {title || 'Untitled video'}
        </h3>
        {description && <p className="line-clamp-2 text-xs text-base-content/70">{description}</p>}
        <div className="mt-1 flex items-center justify-between gap-2 text-xs text-base-content/60">
          <time dateTime={Number.isNaN(createdAt.getTime()) ? undefined : createdAt.toISOString()}>{formatVideoDate(createdAt)}</time>
          <VisibilityBadge visibility={visibility} />
        </div>
      </div>
    </a>
  );
}
