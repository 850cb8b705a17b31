import { useState } from 'react';
import { usePendingAction, formatTimecode } from '../primitives';

export interface TranscriptSuggestionsProps {
  /** A title made from the transcript while the video's is the default; '' for none. */
  title: string;
  summary: string;
  chapters: ReadonlyArray<{ seconds: number; title: string }>;
  /** Renames the video; rejects with the words to show. */
  onAcceptTitle: (title: string) => Promise<void>;
  /** Replaces the video's chapters with the suggested ones; rejects with the words to show. */
  onAcceptChapters?: () => Promise<void>;
}

/**
 * What the transcript suggests to the owner: a title they can edit before taking it,
 * and where the server has SUMMARY_URL a summary and chapter titles. Nothing is taken unasked.
 */
export function TranscriptSuggestions(props: TranscriptSuggestionsProps) {
  const { summary, chapters, onAcceptChapters } = props;
  if (!props.title && !summary && !chapters.length) return null;
  return (
    <div role="group" aria-label="Suggestions" className="rounded-box bg-base-200 flex flex-col gap-2 p-2 text-sm">
      {props.title && <SuggestedTitle title={props.title} onAccept={props.onAcceptTitle} />}
      {summary && (
        <p>
          <span className="font-semibold">Suggested summary:</span> {summary}
        </p>
      )}
      {chapters.length > 0 && onAcceptChapters && <SuggestedChapters chapters={chapters} onAccept={onAcceptChapters} />}
    </div>
  );
}

function SuggestedTitle({ title, onAccept }: { title: string; onAccept: (title: string) => Promise<void> }) {
  const [text, setText] = useState(title);
  const { pending, error, run } = usePendingAction();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) void run(() => onAccept(text.trim()));
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-semibold">Suggested title</span>
        <input className="input input-sm w-full" value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="submit" className="btn btn-sm btn-primary" disabled={pending || !text.trim()}>
        Use this title
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

function SuggestedChapters({
  chapters,
  onAccept,
}: {
  chapters: ReadonlyArray<{ seconds: number; title: string }>;
  onAccept: () => Promise<void>;
}) {
  const { pending, error, run } = usePendingAction();
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="font-semibold">Suggested chapters</span>
      <ol aria-label="Suggested chapters">
        {chapters.map((chapter) => (
          <li key={chapter.seconds}>
            {formatTimecode(chapter.seconds)} {chapter.title}
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-sm" disabled={pending} onClick={() => void run(onAccept)}>
        Use these chapters
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
