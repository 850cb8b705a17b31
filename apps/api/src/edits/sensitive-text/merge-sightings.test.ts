import { describe, expect, it } from 'vitest';
import { mergeSightings, type Sighting } from './merge-sightings';

const at = (frame: number, text: string, left = 100): Sighting => ({
  frame,
  kind: 'email',
  text,
  box: { left, top: 50, right: left + 200, bottom: 80 },
});
const frame = { width: 1000, height: 500, intervalSeconds: 1, durationSeconds: 7.5 };

describe('merging sightings over frames', () => {
  it('joins the same text at the same place in consecutive frames, across one missed frame', () => {
    const regions = mergeSightings([at(1, 'a@b.co'), at(2, 'a@b.co', 104), at(4, 'a@b.co'), at(7, 'a@b.co')], frame);
    expect(regions).toHaveLength(2);
    expect(regions[0]).toMatchObject({ fromSeconds: 1, toSeconds: 5 });
    expect(regions[0]!.x).toBeCloseTo(9.5);
    expect(regions[0]!.width).toBeCloseTo(21.4);
    expect(regions[0]!.y).toBeCloseTo(9.5);
    expect(regions[0]!.height).toBeCloseTo(7);
    // The last sample's region ends with the video.
    expect(regions[1]).toMatchObject({ fromSeconds: 7, toSeconds: 7.5 });
  });

  it('keeps different text, or the same text elsewhere, apart, and stays within the frame', () => {
    const regions = mergeSightings(
      [at(0, 'a@b.co'), at(1, 'c@d.co'), at(1, 'a@b.co', 700), at(2, 'a@b.co', 850)],
      frame,
    );
    expect(regions.map((r) => [r.text, r.fromSeconds, r.toSeconds])).toEqual([
      ['a@b.co', 0, 1],
      ['c@d.co', 1, 2],
      ['a@b.co', 1, 3],
    ]);
    expect(regions[2]!.x + regions[2]!.width).toBe(100);
  });
});
