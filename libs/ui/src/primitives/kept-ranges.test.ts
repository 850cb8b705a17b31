import { describe, expect, it } from 'vitest';
import { cutsBetween, keptSpans, lengthOf, previewPosition } from './kept-ranges';

describe('kept spans', () => {
  it('keeps the trimmed video minus the cuts, merging overlapping cuts', () => {
    const kept = keptSpans(2, 20, [
      { start: 10, end: 12 },
      { start: 5, end: 6 },
      { start: 11, end: 13 },
      { start: 0, end: 1 },
    ]);
    expect(kept).toEqual([
      { start: 2, end: 5 },
      { start: 6, end: 10 },
      { start: 13, end: 20 },
    ]);
    expect(lengthOf(kept)).toBe(14);
    expect(cutsBetween(kept)).toEqual([
      { start: 5, end: 6 },
      { start: 10, end: 13 },
    ]);
  });

  it('drops slivers and a cut over everything', () => {
    expect(keptSpans(0, 10, [{ start: 0.05, end: 10 }])).toEqual([]);
    expect(keptSpans(0, 10, [{ start: -5, end: 50 }])).toEqual([]);
  });

  it('skips removed parts in the preview', () => {
    const kept = [
      { start: 1, end: 3 },
      { start: 5, end: 8 },
    ];
    expect(previewPosition(kept, 0)).toBe(1);
    expect(previewPosition(kept, 2)).toBe(2);
    expect(previewPosition(kept, 3)).toBe(5);
    expect(previewPosition(kept, 8)).toBe('end');
  });
});
