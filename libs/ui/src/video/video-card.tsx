import { type ReactNode, useState } from 'react';
import { formatViews } from '../manage/view-count';
import type { RenderLink } from '../layout/link-component';
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
  /** The whole card is one link; the app draws it (its router's Link to the video). */
  renderLink: RenderLink;
  /** How many people watched; not shown when undefined. */
  views?: number;
  /** Drawn over the card's top left, outside its link (a menu of actions). */
  actions?: ReactNode;
}

export function VideoCard({
  title,
  description,
  thumbnailUrl,
  status,
  visibility,
  createdAt,
  renderLink,
  views,
  actions,
}: VideoCardProps) {
  // A thumbnail that fails to load (expired link, deleted file) falls back to the placeholder.
  const [failedThumbnail, setFailedThumbnail] = useState<string>();
  const showThumbnail = thumbnailUrl !== '' && failedThumbnail !== thumbnailUrl;
  const link = renderLink({
    'aria-label': title || 'Untitled video',
    className:
      'card card-sm bg-base-100 w-full max-w-[225px] shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary',
    children: (
      <>
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
            <time dateTime={Number.isNaN(createdAt.getTime()) ? undefined : createdAt.toISOString()}>
              {formatVideoDate(createdAt)}
            </time>
            <VisibilityBadge visibility={visibility} />
          </div>
          {views !== undefined && <p className="text-xs text-base-content/60">{formatViews(views)}</p>}
        </div>
      </>
    ),
  });
  if (!actions) return link;
  // A button cannot sit inside the card's link, so the menu is its sibling, placed over it.
  return (
    <div className="relative w-full max-w-[225px]">
      {link}
      <div className="absolute top-2 left-2 z-10">{actions}</div>
    </div>
  );
}
