import { useId, useRef, useState } from 'react';
import { downloadChoices, type OriginalFile, useCloseOnOutside } from '../primitives';

export interface VideoActionsMenuProps {
  /** The video's title, in the button's name ("Actions for <title>"). */
  title: string;
  /** The recording's address; without one there is nothing to download. */
  url?: string;
  /** The MP4 rendition; with one, Download offers "MP4 (plays everywhere)" and "Original". */
  mp4Url?: string;
  /** The owner's original: "Original" then gives the uploaded file. */
  original?: OriginalFile;

  /** Absent for a team video of someone else: only its owner shares, edits, moves and deletes. */
  onShare?: () => void;
  /** Opens the editor (trims, cuts, annotations); absent until the video is ready to edit. */
  onEditVideo?: () => void;
  /** Opens the title and description for editing. */
  onRename?: () => void;
  /** Move to a folder. */
  onMove?: () => void;
  onDelete?: () => void;
}

/** A "⋯" button with Share, Edit video, Rename, Move to folder, Download and Delete; closes on Escape, outside clicks and choices. */
export function VideoActionsMenu({
  title,
  url,
  mp4Url,
  original,
  onShare,
  onEditVideo,
  onRename,
  onMove,
  onDelete,
}: VideoActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = title || 'Untitled video';

  useCloseOnOutside(open, root, setOpen);

  const offered: [string, (() => void) | undefined][] = [
    ['Share', onShare],
    // "Edit" alone sent people to the title when they wanted the editor: each says which it opens.
    ['Edit video', onEditVideo],
    ['Rename', onRename],
    ['Move to folder', onMove],
  ];
  const actions = offered.filter((entry): entry is [string, () => void] => entry[1] !== undefined);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="btn btn-circle btn-xs bg-base-100/90"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={`Actions for ${name}`}
          className="menu menu-sm bg-base-100 rounded-box absolute left-0 z-20 mt-1 w-36 p-1 shadow"
        >
          {actions.map(([label, action]) => (
            <li role="none" key={label}>
              <button type="button" role="menuitem" onClick={choose(action)}>
                {label}
              </button>
            </li>
          ))}
          {url &&
            downloadChoices(title, url, mp4Url, original).map((choice) => (
              <li role="none" key={choice.label}>
                <a role="menuitem" href={choice.href} download={choice.fileName} onClick={() => setOpen(false)}>
                  {choice.label}
                </a>
              </li>
            ))}
          {onDelete && (
            <li role="none">
              <button type="button" role="menuitem" className="text-error" onClick={choose(onDelete)}>
                Delete
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
