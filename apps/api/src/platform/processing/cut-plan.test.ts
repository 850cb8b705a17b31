import { describe, expect, it } from 'vitest';
import { planSmartCut } from './cut-plan';

// 10 s at 25 fps, a keyframe every 2 s (50 frames), as the recorder makes them.
const FPS = 25;
const frames = Array.from({ length: 250 }, (_, index) => ({ pts: index / FPS, key: index % 50 === 0 }));
const summary = (plan: ReturnType<typeof planSmartCut>) =>
  plan.pieces.map((piece) => [
    piece.kind,
    Math.round(piece.from * FPS),
    piece.frames,
    piece.blurs?.map((b) => [b.first, b.last]),
    piece.keyframes,
  ]);

describe('planSmartCut with blur regions', () => {
  it('re-encodes only the groups of pictures a blur shows in, with the frames it covers, and copies the rest', () => {
    const blur = { from: 1, to: 4, x: 0, y: 0, width: 50, height: 50 };
    const plan = planSmartCut(frames, 10, [{ start: 0, end: 10 }], [blur]);
    expect(summary(plan)).toEqual([
      ['encode', 0, 100, [[25, 99]], [50]],
      ['copy', 100, 150, undefined, undefined],
    ]);
    expect(plan.duration).toBe(10);
  });

  it('blurs within a trimmed range apart from the re-encode up to its first keyframe', () => {
    const blur = { from: 5, to: 5.5, x: 0, y: 0, width: 10, height: 10 };
    const plan = planSmartCut(frames, 10, [{ start: 0.5, end: 10 }], [blur]);
    expect(summary(plan)).toEqual([
      ['encode', 12, 38, undefined, undefined],
      ['copy', 50, 50, undefined, undefined],
      ['encode', 100, 50, [[25, 37]], undefined],
      ['copy', 150, 100, undefined, undefined],
    ]);
  });

  it('plans as before without blur, and ignores a blur in a part that is cut', () => {
    const cut = [{ start: 0.5, end: 3 }];
    const blur = { from: 6, to: 8, x: 0, y: 0, width: 10, height: 10 };
    expect(summary(planSmartCut(frames, 10, cut, [blur]))).toEqual(summary(planSmartCut(frames, 10, cut)));
    expect(summary(planSmartCut(frames, 10, cut))).toEqual([
      ['encode', 12, 38, undefined, undefined],
      ['copy', 50, 25, undefined, undefined],
    ]);
  });

  it('encodes each kept range as one piece, keeping the source keyframes, when copying is not possible (H.264)', () => {
    const plan = planSmartCut(
      frames,
      10,
      [
        { start: 0.52, end: 5 },
        { start: 6, end: 10 },
      ],
      [],
      false,
    );
    expect(summary(plan)).toEqual([
      ['encode', 13, 112, undefined, [37, 87]],
      ['encode', 150, 100, undefined, [50]],
    ]);
    expect(plan.duration).toBeCloseTo(8.48, 6);
  });
});
