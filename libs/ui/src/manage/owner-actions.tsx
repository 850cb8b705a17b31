import { useState, type ReactNode } from 'react';
import { DownloadLink, type OriginalFile } from '../primitives';

export interface OwnerActionsProps {
  title: string;
  /** The stream URL; Download shows only with one. */
  url: string;
  /** The MP4 rendition; Download then offers it and the original. */
  mp4Url?: string;
  /** The owner's original: Download's "Original" gives the uploaded file. */
  original?: OriginalFile;
  /** The dialogs, drawn by the app while open (`ShareDialog`, `DeleteDialog` with their calls). */
  renderShare: (close: () => void) => ReactNode;
  renderDelete: (close: () => void) => ReactNode;
  /** "Move to team", when given. */
  renderMoveToTeam?: (close: () => void) => ReactNode;
  /** "Edit video": opens the editor (trims, cuts, annotations), when the video can be edited. */
  onEditVideo?: () => void;
}

/** The owner's buttons at the top of a video's page, beside its title: Share, Edit video, Download, Delete. */
export function OwnerActions({
  title,
  url,
  mp4Url,
  original,
  renderShare,
  renderDelete,
  renderMoveToTeam,
  onEditVideo,
}: OwnerActionsProps) {
  const [open, setOpen] = useState<'share' | 'delete' | 'team'>();
  const close = () => setOpen(undefined);
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen('share')}>
        Share
      </button>
      {onEditVideo && (
        <button type="button" className="btn btn-sm" onClick={onEditVideo}>
          Edit video
        </button>
      )}
      {url && <DownloadLink url={url} mp4Url={mp4Url} original={original} title={title} />}
      {renderMoveToTeam && (
        <button type="button" className="btn btn-sm" onClick={() => setOpen('team')}>
          Move to team
        </button>
      )}
      <button type="button" className="btn btn-sm btn-error" onClick={() => setOpen('delete')}>
        Delete
      </button>
      {open === 'share' && renderShare(close)}
      {open === 'delete' && renderDelete(close)}
      {open === 'team' && renderMoveToTeam?.(close)}
    </div>
  );
}
