import { describe, expect, it } from 'vitest';
import { blendRgbaIntoYuv, createBlendMask, strokeBounds, warmBlend } from './blend.ts';
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

  it('a pen line: its points with half its line and 2 pixels of room (it is read back every frame it grows)', () => {
    // From (960, 540) to (998.4, 540), a line of 6: 5 pixels of room, even-aligned outwards.
    expect(
      strokeBounds(
        [
          stroke('pen', [
            [0.5, 0.5],
            [0.52, 0.5],
          ]),
        ],
        view,
      ),
    ).toEqual({ x: 954, y: 534, width: 50, height: 12 });
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

describe('createBlendMask', () => {
  /** A `width` × `height` I420 frame, planes packed, every Y `luma` and every U and V 128. */
  function frame(width: number, height: number, luma: number) {
    const data = new Uint8Array(width * height * 1.5).fill(128);
    data.fill(luma, 0, width * height);
    return {
      format: 'I420' as const,
      data,
      layout: [
        { offset: 0, stride: width },
        { offset: width * height, stride: width / 2 },
        { offset: width * height * 1.25, stride: width / 2 },
      ],
      bt709: true,
      fullRange: false,
    };
  }
  const matrix = { bt709: true, fullRange: false };
  const yAt = (planes: ReturnType<typeof frame>, width: number, x: number, y: number) => planes.data[y * width + x];

  /** A spotlight as the canvas paints it (paint.ts): black at 0.6 (alpha 153) outside a lit rectangle, clear inside. */
  function spotlight(width: number, height: number, lit: { x: number; y: number; width: number; height: number }) {
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const inside = x >= lit.x && x < lit.x + lit.width && y >= lit.y && y < lit.y + lit.height;
        if (!inside) rgba[(y * width + x) * 4 + 3] = 153;
      }
    }
    return rgba;
  }

  it('a spotlight dims every pixel outside it towards black by 0.6 and leaves the lit part as it was', () => {
    const [width, height] = [16, 8];
    const planes = frame(width, height, 200);
    const mask = createBlendMask(width, height, matrix);
    mask.paint(spotlight(width, height, { x: 4, y: 2, width: 8, height: 4 }), { x: 0, y: 0, width, height });
    expect(mask.empty).toBe(false);
    mask.apply(planes);
    // Limited range black is Y 16: 200 + (16 - 200) × 0.6 = 89.6.
    const dim = 90;
    expect(yAt(planes, width, 0, 0)).toBe(dim);
    expect(yAt(planes, width, 15, 7)).toBe(dim);
    expect(yAt(planes, width, 3, 3)).toBe(dim);
    expect(yAt(planes, width, 12, 3)).toBe(dim);
    for (let y = 2; y < 6; y += 1) {
      for (let x = 4; x < 12; x += 1) expect(yAt(planes, width, x, y), `(${x}, ${y})`).toBe(200);
    }
    // Chroma: grey stays grey (black has no colour) outside; inside untouched.
    expect([...planes.data.slice(width * height)].every((value) => value === 128)).toBe(true);
    // The same frame blended again the same way: the mask is kept, not used up.
    const again = frame(width, height, 200);
    mask.apply(again);
    expect(again.data).toEqual(planes.data);
  });

  it("a stroke's anti-aliased edge blends by its opacity, and its 2 × 2 chroma by their mean", () => {
    const [width, height] = [8, 2];
    const planes = frame(width, height, 126);
    const rgba = new Uint8ClampedArray(width * height * 4);
    // Columns 2-3 opaque red, column 4 red at half, column 5 red at a quarter, both rows.
    const red = [239, 68, 68];
    for (let y = 0; y < height; y += 1) {
      for (const [x, alpha] of [
        [2, 255],
        [3, 255],
        [4, 128],
        [5, 64],
      ] as const) {
        rgba.set([...red, alpha], (y * width + x) * 4);
      }
    }
    const mask = createBlendMask(width, height, matrix);
    mask.paint(rgba, { x: 0, y: 0, width, height });
    mask.apply(planes);
    // #ef4444 in BT.709 limited range: Y 105.6, U 110.8, V 203.1.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((x) => yAt(planes, width, x, 1))).toEqual([
      126, 126, 106, 106, 116, 121, 126, 126,
    ]);
    const u = (cx: number) => planes.data[width * height + cx];
    const v = (cx: number) => planes.data[width * height * 1.25 + cx];
    // Opaque block: red's U and V; the edge block mixes them in by (0.5 + 0.25) / 2.
    expect([u(0), u(1), u(2), u(3)]).toEqual([128, 111, 122, 128]);
    expect([v(0), v(1), v(2), v(3)]).toEqual([128, 203, 156, 128]);
  });

  it('painting a part again replaces only that part, cutting runs that cross its edges', () => {
    const [width, height] = [16, 4];
    const mask = createBlendMask(width, height, matrix);
    const black = (w: number, h: number, alpha: number) => {
      const rgba = new Uint8ClampedArray(w * h * 4);
      for (let at = 3; at < rgba.length; at += 4) rgba[at] = alpha;
      return rgba;
    };
    mask.paint(black(width, height, 255), { x: 0, y: 0, width, height });
    // The middle cleared (a stroke undone there), then half of it painted at half opacity.
    mask.paint(black(8, 2, 0), { x: 4, y: 2, width: 8, height: 2 });
    mask.paint(black(2, 2, 128), { x: 6, y: 2, width: 2, height: 2 });
    const planes = frame(width, height, 200);
    mask.apply(planes);
    expect([...planes.data.slice(0, width)].every((value) => value === 16)).toBe(true);
    expect(Array.from({ length: width }, (_, x) => yAt(planes, width, x, 3))).toEqual([
      16, 16, 16, 16, 200, 200, 108, 108, 200, 200, 200, 200, 16, 16, 16, 16,
    ]);
    mask.clear();
    expect(mask.empty).toBe(true);
    const untouched = frame(width, height, 200);
    mask.apply(untouched);
    expect(untouched.data).toEqual(frame(width, height, 200).data);
  });

  it("many colours and opacities (past its tables' limit) blend as they would alone", () => {
    // Runs of 4 pixels (long enough for a table), each of its own colour and opacity.
    const [width, height] = [40_000, 2];
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let at = 0; at < width * height; at += 1) {
      const run = at >> 2;
      rgba.set([run % 251, (run * 7) % 256, 40, 1 + (run % 255)], at * 4);
    }
    const expected = frame(width, height, 90);
    blendRgbaIntoYuv(expected, rgba, { x: 0, y: 0, width, height });
    // Painted in two halves, the second after the tables ran over: the first half's runs keep their blend.
    const half = width / 2;
    const halfOf = (from: number) => {
      const part = new Uint8ClampedArray(half * height * 4);
      for (let row = 0; row < height; row += 1) {
        part.set(rgba.subarray((row * width + from) * 4, (row * width + from + half) * 4), row * half * 4);
      }
      return part;
    };
    const mask = createBlendMask(width, height, matrix);
    mask.paint(halfOf(0), { x: 0, y: 0, width: half, height });
    mask.paint(halfOf(half), { x: half, y: 0, width: half, height });
    const planes = frame(width, height, 90);
    mask.apply(planes);
    expect(planes.data).toEqual(expected.data);
  });

  it.each(['I420', 'NV12'] as const)(
    'long runs (blended four bytes at a time) give every %s byte what the formula gives, at any alignment',
    (format) => {
      const [width, height] = [256, 4];
      const luma = (x: number, y: number) => (x * 7 + y * 13) % 256;
      const u = (cx: number) => (cx * 3) % 256;
      const v = (cx: number) => (cx * 5 + 1) % 256;
      // NV12's UV plane starts on an odd byte, so its U samples sit on odd addresses.
      const uvOffset = width * height + (format === 'NV12' ? 1 : 0);
      const data = new Uint8Array(uvOffset + width * height);
      for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data[y * width + x] = luma(x, y);
      for (let cy = 0; cy < height / 2; cy += 1) {
        for (let cx = 0; cx < width / 2; cx += 1) {
          if (format === 'NV12') data.set([u(cx), v(cx)], uvOffset + cy * width + cx * 2);
          else {
            data[uvOffset + cy * (width / 2) + cx] = u(cx);
            data[uvOffset + (width / 2) * (height / 2) + cy * (width / 2) + cx] = v(cx);
          }
        }
      }
      const layout =
        format === 'NV12'
          ? [
              { offset: 0, stride: width },
              { offset: uvOffset, stride: width },
            ]
          : [
              { offset: 0, stride: width },
              { offset: uvOffset, stride: width / 2 },
              { offset: uvOffset + (width / 2) * (height / 2), stride: width / 2 },
            ];
      // A spotlight's dim (black at 153 of 255) over columns 5 to 249, every row.
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let y = 0; y < height; y += 1) for (let x = 5; x < 250; x += 1) rgba[(y * width + x) * 4 + 3] = 153;
      const mask = createBlendMask(width, height, matrix);
      mask.paint(rgba, { x: 0, y: 0, width, height });
      mask.apply({ format, data, layout, ...matrix });

      const toward = (value: number, target: number) => Math.round(value + (target - value) * (153 / 255));
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const inside = x >= 5 && x < 250;
          expect(data[y * width + x], `Y (${x}, ${y})`).toBe(inside ? toward(luma(x, y), 16) : luma(x, y));
        }
      }
      for (let cy = 0; cy < height / 2; cy += 1) {
        for (let cx = 0; cx < width / 2; cx += 1) {
          const [uAt, vAt] =
            format === 'NV12'
              ? [uvOffset + cy * width + cx * 2, uvOffset + cy * width + cx * 2 + 1]
              : [uvOffset + cy * (width / 2) + cx, uvOffset + (width / 2) * (height / 2) + cy * (width / 2) + cx];
          const inside = cx >= 3 && cx < 125;
          const outside = cx < 2 || cx >= 125;
          if (inside) expect([data[uAt], data[vAt]], `UV ${cx}`).toEqual([toward(u(cx), 128), toward(v(cx), 128)]);
          if (outside) expect([data[uAt], data[vAt]], `UV ${cx}`).toEqual([u(cx), v(cx)]);
        }
      }
    },
  );

  it('warming the blend up (before the first stroke) runs on its own drawing and leaves the next mask as it would be', () => {
    expect(() => warmBlend(3)).not.toThrow();
    const planes = frame(16, 8, 200);
    const mask = createBlendMask(16, 8, matrix);
    mask.paint(spotlight(16, 8, { x: 4, y: 2, width: 8, height: 4 }), { x: 0, y: 0, width: 16, height: 8 });
    mask.apply(planes);
    expect(yAt(planes, 16, 0, 0)).toBe(90);
    expect(yAt(planes, 16, 5, 3)).toBe(200);
  });
});
