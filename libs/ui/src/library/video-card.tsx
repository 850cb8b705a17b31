import { type ReactNode, useState } from 'react';
import {
  VIDEO_DRAG_TYPE,
  Highlight,
  formatViews,
  type RenderLink,
  formatDuration,
  formatVideoDate,
  ProcessingProgress,
  type VideoStatusLabel,
  type VideoVisibilityLabel,
} from '../primitives';
import { StatusBadge } from './status-badge';
import { VideoPlaceholderIcon } from './video-placeholder-icon';
import { VisibilityBadge } from './visibility-badge';

export interface VideoCardProps {
  title: string;
  description: string;
  /** Empty: a placeholder icon is shown instead. */
  thumbnailUrl: string;
  status: VideoStatusLabel;
  /** While PROCESSING, how far it got in percent: a bar along the thumbnail's foot. */
  processingProgress?: number;
  visibility: VideoVisibilityLabel;
  createdAt: Date;
  /** The video's length, shown over the thumbnail's corner ("4:05"); not shown while unknown. */
  durationSeconds?: number;
  /** The whole card is one link; the app draws it (its router's Link to the video). */
  renderLink: RenderLink;
  /** How many people watched; not shown when undefined. */
  views?: number;
  /** Drawn over the card's top left, outside its link (a menu of actions). */
  actions?: ReactNode;
  /** Search words to mark in the title and description. */
  highlight?: string[];
  /** Tag names, shown below the card; each a link the app draws (a filter by it). */
  tags?: string[];
  renderTagLink?: (tag: string, props: Parameters<RenderLink>[0]) => ReactNode;
  /** A checkbox to select the card; `range`: shift was held (select up to here). */
  selection?: { selected: boolean; onToggle: (range: boolean) => void };
  /** The video's id, given to a drop target when the card is dragged (onto a folder). */
  dragId?: string;
}

export function VideoCard({
  title,
  description,
  thumbnailUrl,
  status,
  processingProgress,
  visibility,
  createdAt,
  durationSeconds,
  renderLink,
  views,
  actions,
  highlight = [],
  tags = [],
  renderTagLink,
  selection,
  dragId,
}: VideoCardProps) {
  // A thumbnail that fails to load (expired link, deleted file) falls back to the placeholder.
  const [failedThumbnail, setFailedThumbnail] = useState<string>();
  const hasDuration = durationSeconds !== undefined && durationSeconds > 0;
  const showThumbnail = thumbnailUrl !== '' && failedThumbnail !== thumbnailUrl;
  // No aria-label: the link is named by everything it shows (title, description, date, badges), as axe's label-content-name-mismatch asks.
  const link = renderLink({
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
          {hasDuration && (
            <span
              aria-hidden="true"
              className="absolute right-2 bottom-2 rounded bg-black/75 px-1 text-xs font-medium text-white tabular-nums"
            >
              {formatDuration(durationSeconds)}
            </span>
          )}
          {status === 'PROCESSING' && (
            <ProcessingProgress
              percent={processingProgress}
              barOnly
              className="absolute bottom-0 left-0 h-1 w-full rounded-none"
            />
          )}
        </figure>
        <div className="card-body gap-1">
          <h3 className="card-title line-clamp-2 text-sm break-words" title={title}>
            {title ? <Highlight text={title} words={highlight} /> : 'Untitled video'}
          </h3>
          {description && (
            <p className="line-clamp-2 text-xs text-base-content/70">
              <Highlight text={description} words={highlight} />
            </p>
          )}
          <div className="mt-1 flex items-center justify-between gap-2 text-xs text-base-content/60">
            <time dateTime={Number.isNaN(createdAt.getTime()) ? undefined : createdAt.toISOString()}>
              {formatVideoDate(createdAt)}
            </time>
            <VisibilityBadge visibility={visibility} />
          </div>
          {views !== undefined && <p className="text-xs text-base-content/60">{formatViews(views)}</p>}
        </div>
        {/* Drawn over the thumbnail's corners but last in the link, so its name starts with the title. */}
        {hasDuration && <span className="sr-only">Length {formatDuration(durationSeconds)}</span>}
        <StatusBadge status={status} className="absolute top-2 right-2" />
      </>
    ),
  });
  if (!actions && !selection && tags.length === 0 && !dragId) return link;
  const name = title || 'Untitled video';
  // A button cannot sit inside the card's link, so the menu, checkbox and tags are its siblings.
  return (
    <div
      className={`relative flex w-full max-w-[225px] flex-col gap-1 ${selection?.selected ? 'rounded-box outline-primary outline-2' : ''}`}
      draggable={dragId !== undefined}
      onDragStart={(event) => {
        if (dragId === undefined) return;
        event.dataTransfer.setData(VIDEO_DRAG_TYPE, dragId);
        event.dataTransfer.effectAllowed = 'move';
      }}
    >
      {link}
      {/* Stacked: side by side they ran under a long status badge on a 6-column grid's narrow card. */}
      <div className="absolute top-2 left-2 z-10 flex flex-col items-start gap-1">
        {selection && (
          <input
            type="checkbox"
            className="checkbox checkbox-sm bg-base-100/90"
            aria-label={`Select ${name}`}
            checked={selection.selected}
            onChange={() => undefined}
            onClick={(event) => selection.onToggle(event.shiftKey)}
          />
        )}
        {actions}
      </div>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1 px-1" aria-label={`Tags of ${name}`}>
          {tags.map((tag) => (
            <li key={tag}>
              {renderTagLink ? (
                renderTagLink(tag, { className: 'badge badge-sm badge-outline hover:badge-primary', children: tag })
              ) : (
                <span className="badge badge-sm badge-outline">{tag}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
