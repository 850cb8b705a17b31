import { useId, useState } from 'react';
import { DialogTextInput, FormDialog, FormError, ConfirmDialog } from '../primitives';
import type { VisibilityChoice } from './library-toolbar';
import { MoveDialog, type FolderChoice } from './move-dialog';

export interface SelectionBarProps {
  count: number;
  /** Where videos can go: every folder, by path. */
  folders: FolderChoice[];
  busy?: boolean;
  /** Why the last change failed. */
  error?: string;
  onMove: (folderId: string) => void;
  onTag: (tag: string) => void;
  onVisibility: (visibility: Exclude<VisibilityChoice, ''>) => void;
  onDelete: () => void;
  onClear: () => void;
  /** "Move to team", shown when given. */
  onMoveToTeam?: () => void;
  /**
   * How many of the selected are a team mate's: only their owner files, tags, shows or
   * deletes them, so with any such video selected the bar offers none of those, and says why.
   */
  notMine?: number;
  /** False when some of the selected may not be deleted by the caller: no Delete. */
  canDelete?: boolean;
  /** Offer Team among the visibilities (a team space is active). */
  offerTeam?: boolean;
}

const videos = (count: number) => (count === 1 ? '1 video' : `${count} videos`);

/** What can be done to the selected videos at once; Delete asks once, naming the count. */
export function SelectionBar(props: SelectionBarProps) {
  const [open, setOpen] = useState<'move' | 'tag' | 'delete'>();
  const [tag, setTag] = useState('');
  const visibilityId = useId();
  const close = () => setOpen(undefined);
  const othersSelected = (props.notMine ?? 0) > 0;
  const act = (action: () => void) => {
    close();
    action();
  };
  return (
    <div
      role="toolbar"
      aria-label="Selected videos"
      className="bg-base-200 rounded-box flex flex-wrap items-center gap-2 p-2"
    >
      <span className="px-2 text-sm font-medium">{props.count} selected</span>
      {!othersSelected && (
        <button type="button" className="btn btn-sm" disabled={props.busy} onClick={() => setOpen('move')}>
          Move to folder
        </button>
      )}
      {props.onMoveToTeam && (
        <button type="button" className="btn btn-sm" disabled={props.busy} onClick={props.onMoveToTeam}>
          Move to team
        </button>
      )}
      {othersSelected ? (
        <p role="status" className="px-2 text-sm">
          {props.notMine === props.count
            ? `${props.count === 1 ? 'This is' : 'These are'} not yours`
            : `${props.notMine} of these ${props.notMine === 1 ? 'is' : 'are'} not yours`}
          : only a video's owner files, tags, shares or deletes it.
        </p>
      ) : (
        <>
          <button type="button" className="btn btn-sm" disabled={props.busy} onClick={() => setOpen('tag')}>
            Add tag
          </button>
          <label htmlFor={visibilityId} className="sr-only">
            Set visibility
          </label>
          <select
            id={visibilityId}
            className="select select-sm w-auto"
            value=""
            disabled={props.busy}
            onChange={(event) => {
              if (event.target.value) props.onVisibility(event.target.value as Exclude<VisibilityChoice, ''>);
            }}
          >
            <option value="">Set visibility…</option>
            <option value="private">Private</option>
            <option value="shared">Shared</option>
            <option value="public">Public</option>
            {props.offerTeam && <option value="team">Team</option>}
          </select>
          {props.canDelete !== false && (
            <button
              type="button"
              className="btn btn-sm btn-error"
              disabled={props.busy}
              onClick={() => setOpen('delete')}
            >
              Delete
            </button>
          )}
        </>
      )}
      <button type="button" className="btn btn-sm btn-ghost" onClick={props.onClear}>
        Clear selection
      </button>
      <FormError message={props.error} />
      {open === 'move' && (
        <MoveDialog
          title={`Move ${videos(props.count)}`}
          folders={props.folders}
          onMove={(folderId) => act(() => props.onMove(folderId))}
          onCancel={close}
        />
      )}
      {open === 'tag' && (
        <FormDialog
          title={`Tag ${videos(props.count)}`}
          label="Tag"
          submitLabel="Add tag"
          onSubmit={() => {
            if (tag.trim()) act(() => props.onTag(tag.trim()));
          }}
          onCancel={close}
          field={(id) => <DialogTextInput id={id} value={tag} maxLength={50} onChange={setTag} />}
        />
      )}
      {open === 'delete' && (
        <ConfirmDialog
          title={`Delete ${videos(props.count)}?`}
          message="Their recordings and thumbnails are removed, and their links stop working. This cannot be undone."
          confirmLabel={`Delete ${videos(props.count)}`}
          onConfirm={() => act(props.onDelete)}
          onCancel={close}
        />
      )}
    </div>
  );
}
