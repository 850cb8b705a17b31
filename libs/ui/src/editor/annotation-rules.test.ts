import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnnotationMark } from '../player';
import {
  annotationProblem,
  annotationsProblem,
  clampToFrame,
  newAnnotation,
  placeByDrag,
  pointOnFrame,
} from './annotation-rules';

const box = (patch: Partial<AnnotationMark> = {}): AnnotationMark => ({
  ...newAnnotation('box', 1, 10),
  ...patch,
});

describe('newAnnotation', () => {
  it('starts at the playhead for three seconds, cut at the end of the video', () => {
    expect(newAnnotation('blur', 2, 10)).toMatchObject({ kind: 'blur', from: 2, to: 5 });
    expect(newAnnotation('text', 9, 10)).toMatchObject({ from: 9, to: 10, text: 'Note' });
    expect(annotationProblem(newAnnotation('arrow', 10, 10), 10)).toBeUndefined();
  });
});

describe('annotationProblem', () => {
  it.each([
    [{ width: 0 }, 'Width and Height must be above 0'],
    [{ height: -3 }, 'Width and Height must be above 0'],
    [{ from: 4, to: 4 }, 'From must come before To'],
    [{ from: 5, to: 2 }, 'From must come before To'],
    [{ to: 12 }, 'The video is 0:10.0 long'],
    [{ text: 'x'.repeat(501) }, 'Text can be at most 500 characters'],
    [{ kind: 'text' as const, text: '  ' }, 'A text callout needs its text'],
    [{ kind: 'arrow' as const, width: 0, height: 0 }, 'An arrow needs a length'],
  ])('refuses %o: %s', (patch, message) => {
    expect(annotationProblem(box(patch), 10)).toBe(message);
  });

  it('takes an arrow pointing up and left, and text of exactly 500 characters', () => {
    expect(annotationProblem(box({ kind: 'arrow', width: -10, height: 0 }), 10)).toBeUndefined();
    expect(annotationProblem(box({ kind: 'text', text: 'x'.repeat(500) }), 10)).toBeUndefined();
  });

  it('names the first bad annotation of a list, and refuses more than 200', () => {
    expect(annotationsProblem([box(), box({ width: 0 })], 10)).toBe('Annotation 2: Width and Height must be above 0');
    expect(
      annotationsProblem(
        Array.from({ length: 200 }, () => box()),
        10,
      ),
    ).toBeUndefined();
    expect(
      annotationsProblem(
        Array.from({ length: 201 }, () => box()),
        10,
      ),
    ).toBe('At most 200 annotations');
  });
});

describe('clampToFrame', () => {
  it('moves and shrinks a rectangle into the frame, and says so', () => {
    expect(clampToFrame(box({ x: -5, y: 90, width: 50, height: 30 }))).toMatchObject({
      mark: { x: 0, y: 90, width: 50, height: 10 },
      clamped: true,
    });
    expect(clampToFrame(box({ x: 10, y: 10, width: 20, height: 20 })).clamped).toBe(false);
  });

  it('pulls an arrow’s ends onto the frame', () => {
    expect(clampToFrame(box({ kind: 'arrow', x: 90, y: 50, width: 30, height: -70 })).mark).toMatchObject({
      x: 90,
      y: 50,
      width: 10,
      height: -50,
    });
  });

  it('always leaves every kind inside the frame, and a clamped mark stays as it is', () => {
    const coordinate = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    fc.assert(
      fc.property(
        fc.constantFrom('text' as const, 'arrow' as const, 'box' as const, 'blur' as const),
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        (kind, x, y, width, height) => {
          const { mark } = clampToFrame(box({ kind, x, y, width, height }));
          for (const value of [mark.x, mark.y, mark.x + mark.width, mark.y + mark.height]) {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBeLessThanOrEqual(100);
          }
          expect(clampToFrame(mark).clamped).toBe(false);
        },
      ),
    );
  });
});

describe('placing by dragging', () => {
  it('a rectangle spans the two points whichever way the drag went; an arrow points along it', () => {
    expect(placeByDrag('blur', { x: 50, y: 50 }, { x: 0, y: 0 })).toEqual({ x: 0, y: 0, width: 50, height: 50 });
    expect(placeByDrag('arrow', { x: 50, y: 50 }, { x: 10, y: 60 })).toEqual({ x: 50, y: 50, width: -40, height: 10 });
  });

  it('reads the pointer on the letterboxed picture, not the element', () => {
    // A 4:3 picture in a 16:9 box of 1600×900 at (100, 50): 1200×900 wide, bars of 200 each side.
    const box = { left: 100, top: 50, width: 1600, height: 900 };
    const frame = { width: 640, height: 480 };
    expect(pointOnFrame({ clientX: 300, clientY: 50 }, box, frame)).toEqual({ x: 0, y: 0 });
    expect(pointOnFrame({ clientX: 900, clientY: 500 }, box, frame)).toEqual({ x: 50, y: 50 });
    expect(pointOnFrame({ clientX: 1700, clientY: 1000 }, box, frame)).toEqual({ x: 100, y: 100 });
  });
});
