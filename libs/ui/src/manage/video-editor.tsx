import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { usePendingAction } from '../primitives';

export interface VideoChanges {
  title: string;
  description: string;
}

export interface VideoEditorProps {
  title: string;
  description: string;
  /** Saves; a rejection's message (the server's validation message) is shown and editing goes on. */
  onSave: (changes: VideoChanges) => Promise<void>;
  /** Open in the editor (with the title focused). */
  startEditing?: boolean;
  /** How the title shows while not editing (the page's heading). */
  renderTitle?: (title: string) => ReactNode;
}

/**
 * The title (and description) edited in place: Rename puts the title in a focused field; Enter
 * saves, Escape cancels. ("Edit video" is the editor's: trims, cuts, annotations.)
 */
export function VideoEditor({
  title,
  description,
  onSave,
  startEditing = false,
  renderTitle = (t) => <h1 className="text-2xl font-bold break-words">{t}</h1>,
}: VideoEditorProps) {
  const [editing, setEditing] = useState(startEditing);
  const [draft, setDraft] = useState<VideoChanges>({ title, description });
  const { pending: saving, error, run, clearError } = usePendingAction();
  const titleField = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), description: useId(), error: useId() };

  useEffect(() => {
    if (editing) titleField.current?.focus();
  }, [editing]);

  const cancel = () => {
    setEditing(false);
    clearError();
  };
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    if (await run(() => onSave(draft))) setEditing(false);
    else titleField.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (!editing) {
    return (
      <div className="flex items-start justify-between gap-3">
        {renderTitle(title || 'Untitled video')}
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => {
            setDraft({ title, description });
            setEditing(true);
          }}
        >
          Rename
        </button>
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => void save(event)}
      onKeyDown={onKeyDown}
      aria-label="Rename video"
    >
      <label htmlFor={ids.title} className="text-sm font-medium">
        Title
      </label>
      <input
        ref={titleField}
        id={ids.title}
        type="text"
        className="input input-lg w-full"
        value={draft.title}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(event) => setDraft({ ...draft, title: event.target.value })}
      />
      <label htmlFor={ids.description} className="text-sm font-medium">
        Description
      </label>
      <textarea
        id={ids.description}
        className="textarea w-full"
        rows={3}
        value={draft.description}
        onChange={(event) => setDraft({ ...draft, description: event.target.value })}
      />
      {error && (
        <p id={ids.error} role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="btn btn-sm" onClick={cancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
