import { useState } from 'react';
import { formatTimecode, type TimeSpan } from '../primitives';
import {
  type CutLine,
  type ProposedCut,
  clipToKept,
  fillerCuts,
  selectionCuts,
  shortenedBy,
  silenceCuts,
  wordKey,
} from './transcript-cuts';

export interface TranscriptCutterProps {
  /** The transcript on the original's timeline (the editor's). */
  lines: readonly CutLine[];
  duration: number;
  /** What the edit keeps now: proposals are clipped to it, and what they remove is measured on it. */
  kept: readonly TimeSpan[];
  /** Adds the previewed cuts to the edit; Save in the editor saves them. */
  onApply: (cuts: TimeSpan[]) => void;
  /** The cuts previewed and not yet applied or discarded (undefined: none): the editor's Save keeps them too. */
  onPending?: (cuts: TimeSpan[] | undefined) => void;
}

interface Proposal {
  title: string;
  cuts: ProposedCut[];
}

/**
 * Edit by transcript: select words (shift-click selects a run) or whole lines, or ask
 * for the filler words or the silences, see what would go (each range inside what the edit keeps,
 * and how much shorter the result gets), then Apply it to the edit, or Save the edit with it.
 */
export function TranscriptCutter({ lines, duration, kept, onApply, onPending }: TranscriptCutterProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<number>();
  const [proposal, setShownProposal] = useState<Proposal>();
  const setProposal = (next: Proposal | undefined) => {
    setShownProposal(next);
    onPending?.(next?.cuts.map(({ start, end }) => ({ start, end })));
  };
  // Clipped as it is shown: a trim made meanwhile moves what the proposal can still remove.
  const cuts = proposal ? clipToKept(proposal.cuts, kept) : [];
  const [minSilence, setMinSilence] = useState('1');
  const order = lines.flatMap((line) =>
    line.words.length ? line.words.map((_, i) => wordKey(line.index, i)) : [wordKey(line.index)],
  );

  const toggle = (key: string, run: boolean) => {
    const at = order.indexOf(key);
    const next = new Set(selected);
    if (run && anchor !== undefined) {
      const [from, to] = at < anchor ? [at, anchor] : [anchor, at];
      order.slice(from, to + 1).forEach((k) => next.add(k));
    } else if (next.has(key)) next.delete(key);
    else next.add(key);
    setAnchor(at);
    setSelected(next);
    setProposal(undefined);
  };
  const piece = (key: string, label: string, uncertain = false) => (
    <button
      key={key}
      type="button"
      aria-pressed={selected.has(key)}
      className={`rounded px-0.5 ${selected.has(key) ? 'bg-error/30 line-through' : 'hover:bg-base-200'} ${uncertain ? 'italic opacity-70' : ''}`}
      title={uncertain ? 'Uncertain word: the transcription engine was not sure of it' : undefined}
      onClick={(event) => toggle(key, event.shiftKey)}
    >
      {label}
      {uncertain && <span className="sr-only"> (uncertain)</span>}
    </button>
  );

  return (
    <section aria-label="Edit by transcript" className="flex flex-col gap-2">
      <h3 className="font-semibold">Edit by transcript</h3>
      <p className="text-base-content/70 text-sm">
        Select words to cut (shift-click selects a run), or find filler words and silences.
      </p>
      <div
        className="bg-base-100 max-h-48 overflow-y-auto rounded border p-2 text-sm"
        aria-label="Transcript words"
        role="group"
      >
        {lines.map((line) => (
          <p key={line.index} className="flex flex-wrap gap-x-1">
            <span className="text-base-content/60 tabular-nums">{formatTimecode(line.start)}</span>
            {line.words.length
              ? line.words.map((word, i) => piece(wordKey(line.index, i), word.word, word.uncertain))
              : piece(wordKey(line.index), line.text)}
          </p>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <button
          type="button"
          className="btn btn-sm"
          disabled={selected.size === 0}
          onClick={() => setProposal({ title: 'Selected words', cuts: selectionCuts(lines, selected) })}
        >
          Cut selected words
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => setProposal({ title: 'Filler words', cuts: fillerCuts(lines) })}
        >
          Remove filler words
        </button>
        <label className="flex flex-col text-xs">
          Silences longer than (s)
          <input
            type="number"
            min={0.3}
            max={30}
            step={0.1}
            className="input input-sm w-24"
            value={minSilence}
            onChange={(event) => setMinSilence(event.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() =>
            setProposal({
              title: 'Silences',
              // A threshold left empty or below 0.3 s would cut the breaths between words: 1 s then.
              cuts: silenceCuts(lines, { duration, minSeconds: Number(minSilence) >= 0.3 ? Number(minSilence) : 1 }),
            })
          }
        >
          Remove silences
        </button>
      </div>
      {proposal && (
        <div role="region" aria-label="What goes" className="rounded border p-2 text-sm">
          {cuts.length === 0 ? (
            <p data-testid="what-goes-total">
              {proposal.title}: nothing to remove{proposal.cuts.length ? ' in what the edit keeps' : ''}.
            </p>
          ) : (
            <>
              <p data-testid="what-goes-total">
                {proposal.title}: {cuts.length} {cuts.length === 1 ? 'cut' : 'cuts'},{' '}
                {formatTimecode(shortenedBy(kept, cuts))} removed
              </p>
              <p className="text-base-content/70 text-xs">
                Apply to edit, or Save, keeps these cuts; Discard drops them.
              </p>
              <ul className="max-h-32 overflow-y-auto">
                {cuts.map((cut) => (
                  <li key={`${cut.start}-${cut.end}`}>
                    {formatTimecode(cut.start)}–{formatTimecode(cut.end)} <q>{cut.what}</q>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              className="btn btn-primary btn-xs"
              disabled={cuts.length === 0}
              onClick={() => {
                onApply(cuts.map(({ start, end }) => ({ start, end })));
                setProposal(undefined);
                setSelected(new Set());
              }}
            >
              Apply to edit
            </button>
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setProposal(undefined)}>
              Discard
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
