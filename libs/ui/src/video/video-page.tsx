import type { ReactNode } from 'react';
import { PlainLink, type LinkComponent, ViewCount, formatVideoDate } from '../primitives';

export interface VideoPageViewProps {
  title: string;
  description: string;
  createdAt: Date;
  views: number;
  /** The player (`VideoStage`). */
  stage: ReactNode;
  /** The owner's title and description editor (`VideoEditor`), drawn instead of the plain title. */
  editor?: ReactNode;
  /** The owner's buttons beside the title (`OwnerActions`: Share first, where people look for it). */
  actions?: ReactNode;
  /** The owner's tools below: editing, organising. */
  children?: ReactNode;
}

/** One video's page: title (with the owner's Share and the rest beside it), player, description, upload date and views; the owner's tools below. */
export function VideoPageView({
  title,
  description,
  createdAt,
  views,
  stage,
  editor,
  actions,
  children,
}: VideoPageViewProps) {
  return (
    <article className="flex max-w-4xl min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-2">
        {editor || <h1 className="text-2xl font-bold break-words">{title || 'Untitled video'}</h1>}
        {actions}
      </div>
      {stage}
      {description && <p className="whitespace-pre-line text-base-content/80">{description}</p>}
      <div className="flex flex-wrap items-center gap-x-4 text-sm text-base-content/60">
        <p>Uploaded on {formatVideoDate(createdAt)}</p>
        <ViewCount count={views} />
      </div>
      {children}
    </article>
  );
}

/** A video that is gone or someone else's, with the way back to Videos. */
export function VideoNotFound({ LinkComponent = PlainLink }: { LinkComponent?: LinkComponent }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">Video not found</h1>
      <p className="text-base-content/70">It may have been deleted, or it belongs to someone else.</p>
      <LinkComponent to="/videos" className="btn btn-sm">
        Back to Videos
      </LinkComponent>
    </div>
  );
}
