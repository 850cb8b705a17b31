import { useState } from 'react';
import { usePendingAction, formatTime } from '../primitives';

export interface TranscriptLineProps {
  start: number;
  text: string;
  /** The line's timed words: those the engine doubted are greyed. */
  words?: ReadonlyArray<{ word: string; uncertain?: boolean }>;
  current: boolean;
  onSeek: () => void;
  /** The owner's correction; rejects with the words to show. */
  onSave?: (text: string) => Promise<void>;
}

/** One line: its time and words seek there; the owner can correct it in place. */
export function TranscriptLine({ start, text, words, current, onSeek, onSave }: TranscriptLineProps) {
  const [draft, setDraft] = useState<string>();
  const { pending: saving, error, run } = usePendingAction();
  const time = formatTime(start);

  if (draft !== undefined && onSave) {
    const save = async () => {
      if (await run(() => onSave(draft))) setDraft(undefined);
    };
    return (
      <li className="flex flex-col gap-1 rounded-box p-1" aria-current={current ? 'true' : undefined}>
        <form
          className="flex gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <input
            className="input input-sm flex-1"
            aria-label={`Text of the line at ${time}`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setDraft(undefined);
            }}
            autoFocus
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
            Save
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDraft(undefined)}>
            Cancel
          </button>
        </form>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </li>
    );
  }

  return (
    <li
      className={`group flex items-start gap-1 rounded-box ${current ? 'bg-primary/15' : ''}`}
      aria-current={current ? 'true' : undefined}
    >
      <button type="button" className="flex flex-1 gap-2 p-1 text-left hover:bg-base-200" onClick={onSeek}>
        <span className="font-mono text-xs tabular-nums opacity-70">{time}</span>
        <span className="text-sm">{words?.some((word) => word.uncertain) ? <LineWords words={words} /> : text}</span>
      </button>
      {onSave && (
        <button
          type="button"
          className="btn btn-ghost btn-xs opacity-80 group-hover:opacity-100"
          aria-label={`Edit the line at ${time}`}
          onClick={() => setDraft(text)}
        >
          Edit
        </button>
      )}
    </li>
  );
}

/** The words, those the engine doubted greyed and named so (a title for the pointer, words for screen readers). */
function LineWords({ words }: { words: NonNullable<TranscriptLineProps['words']> }) {
  return words.map((word, i) => (
    <span key={i}>
      {i > 0 && ' '}
      {word.uncertain ? (
        <span
          className="italic underline decoration-dotted opacity-70"
          title="Uncertain word: the transcription engine was not sure of it"
          data-uncertain="true"
        >
          {word.word.trim()}
          <span className="sr-only"> (uncertain)</span>
        </span>
      ) : (
        word.word.trim()
      )}
    </span>
  ));
}
