import { useState } from 'react';
import { FormDialog } from '../manage/form-dialog';

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
export function MoveDialog({ title, folders, current = '', onMove, onCancel }: MoveDialogProps) {
  const [folder, setFolder] = useState(current);
  return (
    <FormDialog
      title={title}
      label="Folder"
      submitLabel="Move"
      onSubmit={() => onMove(folder)}
      onCancel={onCancel}
      field={(id) => (
        <select id={id} className="select w-full" value={folder} onChange={(e) => setFolder(e.target.value)}>
          <option value="">Library root</option>
          {folders.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
