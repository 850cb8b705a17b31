import { describe, expect, it } from 'vitest';
import {
  type CutLine,
  clipToKept,
  fillerCuts,
  keptAfter,
  shortenedBy,
  mergedCuts,
  removedSeconds,
  selectionCuts,
  silenceCuts,
  wordKey,
} from './transcript-cuts';

const words = (...timed: Array<[string, number, number]>) => timed.map(([word, start, end]) => ({ word, start, end }));
const LINES: CutLine[] = [
  {
    index: 0,
    start: 1,
    end: 4,
    text: 'So um the dashboard',
    words: words(['So', 1, 1.3], ['um', 1.4, 1.9], ['the', 2, 2.2], ['dashboard', 2.3, 4]),
  },
  // Three seconds of quiet, then a line the owner corrected: no word times.
  { index: 1, start: 7, end: 9, text: 'Uh, shows revenue.', words: [] },
  { index: 2, start: 9.2, end: 10, text: 'Uh okay', words: words(['Uh,', 9.2, 9.5], ['okay', 9.6, 10]) },
];

describe('edit by transcript: what to cut', () => {
  it('cuts the selected words, neighbouring ones as one span, and a line without word times whole', () => {
    expect(selectionCuts(LINES, new Set([wordKey(0, 1), wordKey(0, 2), wordKey(2, 1)]))).toEqual([
      { start: 1.4, end: 2.2, what: 'um the' },
      { start: 9.6, end: 10, what: 'okay' },
    ]);
    expect(selectionCuts(LINES, new Set([wordKey(0, 3), wordKey(1), wordKey(2, 0)]))).toEqual([
      { start: 2.3, end: 9.5, what: 'dashboard Uh, shows revenue. Uh,' },
    ]);
    expect(selectionCuts(LINES, new Set())).toEqual([]);
  });

  it('finds filler words by their word times, whatever their case and punctuation', () => {
    expect(fillerCuts(LINES)).toEqual([
      { start: 1.4, end: 1.9, what: 'um' },
      { start: 9.2, end: 9.5, what: 'Uh,' },
    ]);
    // The corrected line's "Uh" has no time of its own: it stays.
  });

  it('finds pauses longer than the threshold, leaving a little quiet either side, and the quiet before and after', () => {
    expect(silenceCuts(LINES, { duration: 15, minSeconds: 1, padSeconds: 0.25 })).toEqual([
      { start: 4.25, end: 6.75, what: '3.0 s of silence' },
      { start: 10.25, end: 15, what: '5.0 s of silence' },
    ]);
    // The 1 s before the first word is not longer than the threshold; with a lower one it goes from 0.
    expect(silenceCuts(LINES, { duration: 15, minSeconds: 0.5 })[0]).toEqual({
      start: 0,
      end: 0.75,
      what: '1.0 s of silence',
    });
    expect(silenceCuts([], { duration: 15 })).toEqual([]);
  });

  it('adds up what goes, overlaps counted once', () => {
    const cuts = [...fillerCuts(LINES), ...selectionCuts(LINES, new Set([wordKey(0, 0), wordKey(0, 1)]))];
    expect(mergedCuts(cuts)).toEqual([
      { start: 1, end: 1.9 },
      { start: 9.2, end: 9.5 },
    ]);
    expect(removedSeconds(cuts)).toBeCloseTo(1.2);
  });

  it('proposes no cut of a filler word the engine doubted', () => {
    const doubted: CutLine[] = [
      {
        index: 0,
        start: 0,
        end: 2,
        text: 'ah right um',
        words: [
          { word: 'ah', start: 0, end: 0.4, uncertain: true },
          { word: 'right', start: 0.5, end: 1 },
          { word: 'um', start: 1.2, end: 1.6, uncertain: false },
        ],
      },
    ];
    expect(fillerCuts(doubted)).toEqual([{ start: 1.2, end: 1.6, what: 'um' }]);
  });

  it('clips proposals to what the edit keeps, and says how much shorter the result actually gets', () => {
    // The edit keeps 1 s to 5 s and 6 s to 10 s.
    const kept = [
      { start: 1, end: 5 },
      { start: 6, end: 10 },
    ];
    const cuts = [
      { start: 0, end: 0.4, what: 'um' }, // inside the trimmed start: nothing to remove
      { start: 4.5, end: 6.5, what: 'across a cut' }, // across the cut 5 s to 6 s: two pieces
      { start: 9.5, end: 11, what: 'past the end' },
    ];
    expect(clipToKept(cuts, kept)).toEqual([
      { start: 4.5, end: 5, what: 'across a cut' },
      { start: 6, end: 6.5, what: 'across a cut' },
      { start: 9.5, end: 10, what: 'past the end' },
    ]);
    expect(clipToKept([cuts[0]!], kept)).toEqual([]);
    expect(shortenedBy(kept, [cuts[0]!])).toBe(0);
    expect(shortenedBy(kept, cuts)).toBeCloseTo(1.5);
    expect(keptAfter(kept, cuts)).toEqual([
      { start: 1, end: 4.5 },
      { start: 6.5, end: 9.5 },
    ]);
  });
});
