import { useEffect, useMemo, useRef, useState } from 'react';
import {
  certainLines,
  certainText,
  currentLineIndex,
  toSrt,
  toTxt,
  toVtt,
  type TranscriptFileLine,
} from './transcript-formats';
import { BuiltinEngineNote } from './builtin-engine-note';
import { TranscriptLine } from './transcript-line';
import { usePendingAction, SpokenLanguage, type SpokenLanguageProps } from '../primitives';
import { TranscriptSuggestions, type TranscriptSuggestionsProps } from './transcript-suggestions';

export type TranscriptPanelState = 'none' | 'transcribing' | 'done' | 'no-speech' | 'failed';

export interface TranscriptPanelProps {
  state: TranscriptPanelState;
  failureReason?: string;
  lines: ReadonlyArray<TranscriptFileLine & { index: number }>;
  loading?: boolean;
  /** Where playback is, in seconds: the line there is marked. */
  currentTime: number;
  onSeek: (seconds: number) => void;
  /** The owner's correction of a line; rejects with the words to show. */
  onEditLine?: (index: number, text: string) => Promise<void>;
  /** The owner asks again after a failure; rejects with the words to show. */
  onRetry?: () => Promise<void>;
  /** The downloads' name, without extension. */
  fileName: string;
  /** While transcribing: percent done (0 until the first piece of a long recording is). */
  progress?: number;
  /** The owner's: a title (and with SUMMARY_URL a summary and chapters) suggested from the transcript. */
  suggestions?: TranscriptSuggestionsProps;
  /** The owner's: the language the video is transcribed in. */
  spokenLanguage?: SpokenLanguageProps;
  /** The server's engine is the built-in one: the panel says it is rough and how to do better. */
  builtinEngine?: boolean;
}

const download = (type: string, body: string) => `data:${type};charset=utf-8,${encodeURIComponent(body)}`;

/**
 * The transcript beside the video: follows playback (the line playing is
 * aria-current), a click on a line seeks there, a search narrows the lines, the owner corrects a
 * line in place; downloads as WebVTT, SubRip and text; what its state is while there is none.
 */
export function TranscriptPanel(props: TranscriptPanelProps) {
  const { lines, currentTime, onSeek, onEditLine, fileName } = props;
  const files = useMemo(() => certainLines(lines), [lines]);
  const [search, setSearch] = useState('');
  const current = currentLineIndex(lines, currentTime);
  const listRef = useRef<HTMLOListElement>(null);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (
      lines
        .map((line, i) => ({ line, i }))
        // As the library's search: a word the engine doubted is not found.
        .filter(({ line }) => !words || certainText(line).toLowerCase().includes(words))
    );
  }, [lines, search]);

  // Keep the playing line in view inside the list, without scrolling the page.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !item) return;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
  }, [current]);

  return (
    <section aria-label="Transcript" className="flex max-h-[32rem] min-w-0 flex-col gap-2 rounded-box bg-base-100 p-2">
      <h2 className="text-base font-semibold">Transcript</h2>
      <TranscriptStatus {...props} />
      {props.builtinEngine && props.state !== 'none' && <BuiltinEngineNote />}
      {props.spokenLanguage && <SpokenLanguage {...props.spokenLanguage} />}
      {props.suggestions && <TranscriptSuggestions {...props.suggestions} />}
      {lines.length > 0 && (
        <>
          <input
            type="search"
            className="input input-sm w-full"
            aria-label="Search the transcript"
            placeholder="Search the transcript"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <ol ref={listRef} className="flex flex-col gap-0.5 overflow-y-auto">
            {shown.map(({ line, i }) => (
              <TranscriptLine
                key={line.index}
                start={line.start}
                text={line.text}
                words={line.words}
                current={i === current}
                onSeek={() => onSeek(line.start)}
                onSave={onEditLine && ((text) => onEditLine(line.index, text))}
              />
            ))}
          </ol>
          {shown.length === 0 && <p className="text-sm opacity-70">No line says “{search}”.</p>}
          <p className="flex flex-wrap gap-2 text-sm">
            Download:
            <a className="link" download={`${fileName}.vtt`} href={download('text/vtt', toVtt(files))}>
              .vtt
            </a>
            <a className="link" download={`${fileName}.srt`} href={download('application/x-subrip', toSrt(files))}>
              .srt
            </a>
            <a className="link" download={`${fileName}.txt`} href={download('text/plain', toTxt(files))}>
              .txt
            </a>
          </p>
        </>
      )}
    </section>
  );
}

function TranscriptStatus({ state, failureReason, loading, onRetry, progress = 0 }: TranscriptPanelProps) {
  if (loading) return <p className="text-sm opacity-70">Loading the transcript…</p>;
  switch (state) {
    case 'transcribing':
      return (
        <p role="status" className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          {progress > 0 ? `Transcribing ${progress}%…` : 'Transcribing…'} the video plays meanwhile.
        </p>
      );
    case 'no-speech':
      return <p className="text-sm opacity-70">No speech found.</p>;
    case 'none':
      return (
        <div className="flex flex-col items-start gap-1 text-sm">
          <p className="opacity-70">This video has no transcript.</p>
          {onRetry && <AskAgain label="Transcribe" onRetry={onRetry} announce />}
        </div>
      );
    case 'failed':
      return (
        <div role="alert" className="alert alert-error alert-soft flex-col items-start text-sm">
          <span>The transcript could not be made.</span>
          {failureReason && <span className="opacity-80">Reason: {failureReason}</span>}
          {onRetry && <AskAgain label="Retry" onRetry={onRetry} />}
        </div>
      );
    default:
      return null;
  }
}

/**
 * The owner's button that asks for a transcript again, with why that failed under it (`announce`:
 * as an alert of its own, where it does not already stand inside one).
 */
function AskAgain({ label, onRetry, announce }: { label: string; onRetry: () => Promise<void>; announce?: boolean }) {
  const { pending: retrying, error, run } = usePendingAction();
  return (
    <>
      <button type="button" className="btn btn-sm" disabled={retrying} onClick={() => void run(onRetry)}>
        {label}
      </button>
      {error && <p role={announce ? 'alert' : undefined}>{error}</p>}
    </>
  );
}
