import { useId, useState } from 'react';

export interface RecordingTitleFieldProps {
  busy: boolean;
  error: string | undefined;
  /** The title saved last; undefined before the first save. */
  saved: string | undefined;
  save(title: string): void;
}

/**
 * Names the recording at Stop, under its link: a recording was "Recording 7 Dec, 11:16:34" until
 * its page was opened. It never takes the focus (Copy has it).
 */
export function RecordingTitleField({ busy, error, saved, save }: RecordingTitleFieldProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        save(title);
      }}
    >
      <label htmlFor={id} className="font-medium">
        Name this recording
      </label>
      <div className="join w-full max-w-xl">
        <input
          id={id}
          className="input join-item w-full"
          maxLength={200}
          placeholder="A title for the video"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit" className="btn join-item" disabled={busy || !title.trim()}>
          Save name
        </button>
      </div>
      <p role="status" aria-live="polite" className={error ? 'text-error text-sm' : 'text-success text-sm'}>
        {error ?? (saved !== undefined ? `Named “${saved}”.` : '')}
      </p>
    </form>
  );
}
