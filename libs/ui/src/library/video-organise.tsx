import { useState } from 'react';
import { MoveDialog, type FolderChoice } from './move-dialog';
import { TagsField, type TagsFieldProps } from './tags-field';

export interface VideoOrganiseProps extends TagsFieldProps {
  /** The video's title, for the move dialog. */
  title: string;
  folders: FolderChoice[];
  /** The folder it is in; '' the library root. */
  folderId: string;
  onMove: (folderId: string) => void;
}

/** The owner's organising of one video: its tags, and the folder it is in with Move to folder. */
export function VideoOrganise({ title, folders, folderId, onMove, ...tags }: VideoOrganiseProps) {
  const [moving, setMoving] = useState(false);
  const where = folders.find((choice) => choice.id === folderId)?.label ?? 'Library root';
  return (
    <section aria-label="Organise" className="flex flex-col gap-3">
      <TagsField {...tags} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Folder: <strong>{where}</strong>
        </span>
        <button type="button" className="btn btn-xs" onClick={() => setMoving(true)}>
          Move to folder
        </button>
      </div>
      {moving && (
        <MoveDialog
          title={`Move ${title || 'Untitled video'}`}
          folders={folders}
          current={folderId}
          onCancel={() => setMoving(false)}
          onMove={(id) => {
            setMoving(false);
            onMove(id);
          }}
        />
      )}
    </section>
  );
}
