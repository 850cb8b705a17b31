import { PickDialog } from '../primitives';

export interface FolderChoice {
  /** '' the library's root. */
  id: string;
  /** The folder's path, e.g. "Work / Launch". */
  label: string;
}

export interface MoveDialogProps {
  /** "Move 3 videos", "Move Team sync". */
  title: string;
  folders: FolderChoice[];
  /** Where the video is now (preselected). */
  current?: string;
  onMove: (folderId: string) => void;
  onCancel: () => void;
}

/** Picks a folder (or the root) to move videos into. */
export const MoveDialog = ({ folders, ...props }: MoveDialogProps) => (
  <PickDialog {...props} label="Folder" noneLabel="Library root" choices={folders} />
);
