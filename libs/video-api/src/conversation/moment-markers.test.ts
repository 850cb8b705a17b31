import { describe, expect, it } from 'vitest';
import { momentMarkersOf } from './conversation-state';

const at = (momentSeconds: number) => ({ momentSeconds });

describe('momentMarkersOf', () => {
  it("groups comments and reactions within 2% of the video's length into one labelled marker", () => {
    // 100 s: 2 s apart at most share a marker.
    const state = { comments: [at(10), at(50)], reactions: [at(11.5), at(12), at(90)] } as never;
    expect(momentMarkersOf(state, 100)).toEqual([
      { momentSeconds: 10, count: 3, label: '3 comments and reactions' },
      { momentSeconds: 50, count: 1, label: '1 comment or reaction' },
      { momentSeconds: 90, count: 1, label: '1 comment or reaction' },
    ]);
  });

  it('has no markers without comments or reactions', () => {
    expect(momentMarkersOf({ comments: [], reactions: [] }, 60)).toEqual([]);
  });
});
