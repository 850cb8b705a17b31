import { useId, useState } from 'react';
import { Modal } from '../manage/modal';

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
  const id = useId();
  return (
    <Modal title={title} onClose={onCancel}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onMove(folder);
        }}
      >
        <label htmlFor={id} className="text-sm font-medium">
          Folder
        </label>
        <select id={id} className="select w-full" value={folder} onChange={(e) => setFolder(e.target.value)}>
          <option value="">Library root</option>
          {folders.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Move
          </button>
        </div>
      </form>
    </Modal>
  );
}
