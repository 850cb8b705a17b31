import { describe, expect, it } from 'vitest';
import { blendRgbaIntoYuv, strokeBounds } from './blend.ts';
import { defaultStyle, type Stroke } from './strokes.ts';
import { viewThroughArea } from './view.ts';

/** An 8 × 4 I420 frame of mid grey (Y 126, U and V 128), planes packed. */
function greyI420() {
  const data = new Uint8Array(8 * 4 + 4 * 2 * 2).fill(128);
  data.fill(126, 0, 32);
  return {
    format: 'I420' as const,
    data,
    layout: [
      { offset: 0, stride: 8 },
      { offset: 32, stride: 4 },
      { offset: 40, stride: 4 },
    ],
    bt709: false,
    fullRange: false,
  };
}

/** `width` × `height` RGBA, every pixel `pixel`. */
const solid = (width: number, height: number, pixel: number[]) =>
  new Uint8ClampedArray(Array.from({ length: width * height }, () => pixel).flat());

describe('blendRgbaIntoYuv', () => {
  it('opaque red over a 2 × 2 block becomes BT.601 red there, and the rest of the frame is untouched', () => {
    const planes = greyI420();
    blendRgbaIntoYuv(planes, solid(2, 2, [239, 68, 68, 255]), { x: 2, y: 2, width: 2, height: 2 });
    const { data } = planes;
    // #ef4444 in BT.601 limited range: Y 118.3, U 102.6, V 203.1 (what a decoder turns back into about 237, 67, 66).
    expect([data[2 * 8 + 2], data[2 * 8 + 3], data[3 * 8 + 2], data[3 * 8 + 3]]).toEqual([118, 118, 118, 118]);
    expect(data[32 + 1 * 4 + 1]).toBe(103);
    expect(data[40 + 1 * 4 + 1]).toBe(203);
    expect(data[0]).toBe(126);
    expect(data[32]).toBe(128);
    expect([...data.slice(0, 16)].every((value) => value === 126)).toBe(true);
  });

  it('transparent pixels change nothing, half-transparent ones blend halfway; NV12 interleaves U and V', () => {
    const clear = greyI420();
    blendRgbaIntoYuv(clear, solid(2, 2, [239, 68, 68, 0]), { x: 0, y: 0, width: 2, height: 2 });
    expect(clear.data).toEqual(greyI420().data);
    const nv12 = {
      ...greyI420(),
      format: 'NV12' as const,
      layout: [
        { offset: 0, stride: 8 },
        { offset: 32, stride: 8 },
      ],
    };
    blendRgbaIntoYuv(nv12, solid(2, 2, [239, 68, 68, 128]), { x: 4, y: 0, width: 2, height: 2 });
    expect(nv12.data[4]).toBe(122); // halfway from 126 to 118
    expect([nv12.data[32 + 4], nv12.data[32 + 5]]).toEqual([115, 166]); // halfway to 102.6 and 203.1
  });
});

describe('strokeBounds', () => {
  const view = viewThroughArea({ width: 1920, height: 1080 }, null, { width: 1920, height: 1080 });
  const stroke = (tool: Stroke['tool'], points: [number, number][]): Stroke => ({
    ...defaultStyle,
    tool,
    points: points.map(([x, y]) => ({ x, y })),
    doneAt: 0,
  });

  it('a rectangle: its corners with room for the line, even-aligned; a spotlight: the whole picture', () => {
    const bounds = strokeBounds(
      [
        stroke('rectangle', [
          [0.25, 0.25],
          [0.5, 0.5],
        ]),
      ],
      view,
    );
    // (480, 270) to (960, 540), 28 pixels of room each side (4 line widths of 6, and 4).
    expect(bounds).toEqual({ x: 452, y: 242, width: 536, height: 326 });
    expect(strokeBounds([stroke('spotlight', [[0.4, 0.4]])], view)).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(strokeBounds([], view)).toBeNull();
  });

  it('strokes outside an area leave nothing to blend in it', () => {
    const area = viewThroughArea(
      { width: 1920, height: 1080 },
      { x: 0, y: 0, width: 640, height: 360 },
      { width: 640, height: 360 },
    );
    expect(
      strokeBounds(
        [
          stroke('rectangle', [
            [0.8, 0.8],
            [0.9, 0.9],
          ]),
        ],
        area,
      ),
    ).toBeNull();
  });
});
