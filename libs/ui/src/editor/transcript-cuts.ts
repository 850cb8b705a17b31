import { keptSpans, lengthOf, type TimeSpan } from '../primitives';

// Edit by transcript. What to cut, worked out from the transcript's word times on
// the original's timeline (the editor's): selected words, filler words, silences.

export interface CutWord {
  word: string;
  start: number;
  end: number;
  /** The engine itself doubted it: no proposal cuts it (the owner may still select it). */
  uncertain?: boolean;
}

export interface CutLine {
  index: number;
  start: number;
  end: number;
  text: string;
  /** Empty where the engine gave no word times or the owner corrected the line. */
  words: readonly CutWord[];
}

/** A span to cut and what it holds, for the preview of what goes. */
export interface ProposedCut extends TimeSpan {
  what: string;
}

/** Hesitations said instead of words, in the spellings engines write them. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'um',
  'umm',
  'uhm',
  'uh',
  'uhh',
  'erm',
  'er',
  'ah',
  'ahh',
  'eh',
  'hmm',
  'hm',
  'mm',
  'mhm',
]);

const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/** Where a selectable piece of the transcript is: a word (`line:word`), or a whole line without word times (`line`). */
export const wordKey = (line: number, word?: number) => (word === undefined ? `${line}` : `${line}:${word}`);

interface Piece extends ProposedCut {
  key: string;
}

/** Every selectable piece in time order: each timed word, or a line as one piece where it has none. */
function pieces(lines: readonly CutLine[]): Piece[] {
  return lines
    .flatMap((line) =>
      line.words.length
        ? line.words.map((word, i) => ({
            key: wordKey(line.index, i),
            start: word.start,
            end: word.end,
            what: word.word,
          }))
        : [{ key: wordKey(line.index), start: line.start, end: line.end, what: line.text }],
    )
    .sort((a, b) => a.start - b.start);
}

/** The selected words and lines as cuts: runs of neighbouring selected pieces become one span. */
export function selectionCuts(lines: readonly CutLine[], selected: ReadonlySet<string>): ProposedCut[] {
  const cuts: ProposedCut[] = [];
  let run: Piece[] = [];
  const close = () => {
    if (run.length)
      cuts.push({ start: run[0]!.start, end: run.at(-1)!.end, what: run.map((piece) => piece.what).join(' ') });
    run = [];
  };
  for (const piece of pieces(lines)) {
    if (selected.has(piece.key)) run.push(piece);
    else close();
  }
  close();
  return cuts.filter((cut) => cut.end > cut.start);
}

/**
 * Each filler word ("um", "uh", …) the engine timed, as a cut of its own; not one it doubted (an
 * "ah" it was unsure of may well be a word that was said).
 */
export function fillerCuts(lines: readonly CutLine[], fillers: ReadonlySet<string> = FILLER_WORDS): ProposedCut[] {
  return lines.flatMap((line) =>
    line.words
      .filter((word) => !word.uncertain && fillers.has(bare(word.word)) && word.end > word.start)
      .map((word) => ({ start: word.start, end: word.end, what: word.word })),
  );
}

/**
 * The pauses longer than `minSeconds` between words (or lines without word times), and before the
 * first and after the last, each cut but for `padSeconds` of quiet left at either side so speech
 * does not start or end abruptly. Nothing where nothing was said: that is not a pause.
 */
export function silenceCuts(
  lines: readonly CutLine[],
  options: { duration: number; minSeconds?: number; padSeconds?: number },
): ProposedCut[] {
  const minSeconds = options.minSeconds ?? 1;
  const pad = options.padSeconds ?? 0.25;
  const speech = pieces(lines);
  if (!speech.length) return [];
  const cuts: ProposedCut[] = [];
  let quietFrom = 0;
  const gap = (from: number, to: number, atStart: boolean, atEnd: boolean) => {
    if (to - from <= minSeconds) return;
    const start = atStart ? from : from + pad;
    const end = atEnd ? to : to - pad;
    if (end - start > 0.05) cuts.push({ start, end, what: `${(to - from).toFixed(1)} s of silence` });
  };
  for (const piece of speech) {
    gap(quietFrom, piece.start, quietFrom === 0, false);
    quietFrom = Math.max(quietFrom, piece.end);
  }
  gap(quietFrom, options.duration, false, true);
  return cuts;
}

/** `cuts` in time order with overlapping or touching ones made one. */
export function mergedCuts(cuts: readonly TimeSpan[]): TimeSpan[] {
  const merged: TimeSpan[] = [];
  for (const cut of [...cuts].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && cut.start <= last.end) last.end = Math.max(last.end, cut.end);
    else merged.push({ start: cut.start, end: cut.end });
  }
  return merged;
}

/** How much of the video `cuts` take away (overlaps counted once). */
export const removedSeconds = (cuts: readonly TimeSpan[]) =>
  mergedCuts(cuts).reduce((sum, cut) => sum + cut.end - cut.start, 0);

/**
 * The proposed cuts inside what the edit keeps: a cut in a part already trimmed or cut away removes
 * nothing, so it is no proposal; one across a kept span's edge is cut at the edge.
 */
export function clipToKept(cuts: readonly ProposedCut[], kept: readonly TimeSpan[]): ProposedCut[] {
  return cuts.flatMap((cut) =>
    kept
      .map((span) => ({ start: Math.max(cut.start, span.start), end: Math.min(cut.end, span.end), what: cut.what }))
      .filter((piece) => piece.end > piece.start),
  );
}

/** What the edit keeps once `cuts` are cut from `kept` too (as the editor applies them). */
export const keptAfter = (kept: readonly TimeSpan[], cuts: readonly TimeSpan[]): TimeSpan[] =>
  kept.flatMap((span) => keptSpans(span.start, span.end, cuts));

/** How much shorter the result gets by `cuts`: the actual change of its length, not the cuts' sum. */
export const shortenedBy = (kept: readonly TimeSpan[], cuts: readonly TimeSpan[]) =>
  lengthOf(kept) - lengthOf(keptAfter(kept, cuts));
