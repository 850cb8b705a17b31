import { type ReactNode, useState } from 'react';
import { type RenderLink, VIDEO_DRAG_TYPE, LineIcon } from '../primitives';

export interface FolderItem {
  id: string;
  name: string;
  videoCount?: number;
}

export interface FolderBarProps {
  /** From the root's first folder down to the open one; empty at the root. */
  path: FolderItem[];
  /** The folders of the open level. */
  folders: FolderItem[];
  /** A link to a folder ('' the root: "All videos"). */
  renderFolderLink: (folderId: string, props: Parameters<RenderLink>[0]) => ReactNode;
  onNewFolder: () => void;
  onRename: (folder: FolderItem) => void;
  onDelete: (folder: FolderItem) => void;
  /** A card was dropped on a folder. */
  onDropVideo: (folderId: string, videoId: string) => void;
}

/** Breadcrumbs, the folders of the open level (each a drop target for cards) and New folder. */
export function FolderBar({
  path,
  folders,
  renderFolderLink,
  onNewFolder,
  onRename,
  onDelete,
  onDropVideo,
}: FolderBarProps) {
  const [over, setOver] = useState<string>();
  const crumbs = [{ id: '', name: 'All videos' }, ...path];
  const open = path.at(-1);
  return (
    <section aria-label="Folders" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <nav aria-label="Breadcrumbs" className="breadcrumbs text-sm">
          <ul>
            {crumbs.map((crumb, index) => (
              <li key={crumb.id}>
                {index === crumbs.length - 1 ? (
                  <span aria-current="page" className="font-semibold">
                    {crumb.name}
                  </span>
                ) : (
                  renderFolderLink(crumb.id, { className: 'link link-hover', children: crumb.name })
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex gap-2">
          {open && (
            <>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRename(open)}>
                Rename folder
              </button>
              <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => onDelete(open)}>
                Delete folder
              </button>
            </>
          )}
          <button type="button" className="btn btn-sm" onClick={onNewFolder}>
            New folder
          </button>
        </div>
      </div>
      {folders.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {folders.map((folder) => (
            <li
              key={folder.id}
              data-drop-target={folder.id}
              className={`rounded-box border ${over === folder.id ? 'border-primary bg-primary/10' : 'border-base-300'}`}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(VIDEO_DRAG_TYPE)) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setOver(folder.id);
              }}
              onDragLeave={() => setOver(undefined)}
              onDrop={(event) => {
                const videoId = event.dataTransfer.getData(VIDEO_DRAG_TYPE);
                setOver(undefined);
                if (!videoId) return;
                event.preventDefault();
                onDropVideo(folder.id, videoId);
              }}
            >
              {renderFolderLink(folder.id, {
                className: 'flex items-center gap-2 px-3 py-2 text-sm',
                children: (
                  <>
                    <LineIcon className="h-4 w-4">
                      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
                    </LineIcon>
                    <span className="max-w-40 truncate">
                      <span className="sr-only">Folder </span>
                      {folder.name}
                    </span>
                    {folder.videoCount !== undefined && (
                      <span className="text-base-content/60 text-xs">{folder.videoCount}</span>
                    )}
                  </>
                ),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
