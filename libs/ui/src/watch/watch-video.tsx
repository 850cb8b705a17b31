import type { ReactNode } from 'react';
import { formatVideoDate } from '../primitives';

export interface WatchVideoViewProps {
  title: string;
  description: string;
  ownerName?: string;
  createdAt: Date;
  /** The player (`VideoStage`). */
  stage: ReactNode;
  /** The owner's link to the video's page, drawn by the app; nothing for anyone else. */
  editLink?: ReactNode;
}

/** The watch page's content: title, the player, description, the owner's name and the date; Edit for the owner. */
export function WatchVideoView({ title, description, ownerName, createdAt, stage, editLink }: WatchVideoViewProps) {
  return (
    <article className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold break-words">{title || 'Untitled video'}</h1>
        {editLink}
      </div>
      {stage}
      {description && <p className="whitespace-pre-line text-base-content/80">{description}</p>}
      <p className="text-sm text-base-content/60">
        {ownerName && <span>{ownerName} · </span>}
        <span>{formatVideoDate(createdAt)}</span>
      </p>
    </article>
  );
}
