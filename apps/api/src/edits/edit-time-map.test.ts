import { describe, expect, it } from 'vitest';
import { spanInEdit } from './edit-time-map';

describe('spanInEdit', () => {
  const kept = [
    { start: 2, end: 5 },
    { start: 8, end: 10 },
  ];

  it('moves a span inside a kept range by what was cut before it', () => {
    expect(spanInEdit(kept, 3, 4)).toEqual({ start: 1, end: 2 });
    expect(spanInEdit(kept, 8.5, 9.5)).toEqual({ start: 3.5, end: 4.5 });
  });

  it('clips a span at the edges of what was kept, and drops one cut entirely', () => {
    expect(spanInEdit(kept, 0, 3)).toEqual({ start: 0, end: 1 });
    expect(spanInEdit(kept, 9, 12)).toEqual({ start: 4, end: 5 });
    expect(spanInEdit(kept, 5, 8)).toBeUndefined();
    expect(spanInEdit(kept, 0.5, 1.5)).toBeUndefined();
  });

  it('closes a span across a cut up with it', () => {
    expect(spanInEdit(kept, 4, 9)).toEqual({ start: 2, end: 4 });
  });

  it('keeps a span as it is when everything is kept', () => {
    expect(spanInEdit([{ start: 0, end: 10 }], 1.25, 3.5)).toEqual({ start: 1.25, end: 3.5 });
  });
});
