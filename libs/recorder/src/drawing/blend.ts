/**
 * Strokes into a YUV frame without a canvas copy of the frame: drawing a whole 1080p `VideoFrame`
 * into a 2D canvas converts all of it to RGBA (about 57 ms a frame in software on the loaded bench
 * machine, even for a small source rectangle). So the strokes are painted alone, read back once per
 * change of the drawing (drawing/overlay.ts), and turned here into a mask: for each row, runs of
 * pixels that get the same colour at the same opacity, with their Y and their 2 × 2 blocks' U and V
 * worked out once. Each frame then only blends those runs into its own Y, U and V planes (I420 or
 * NV12): a spotlight's dim is a few long runs a row, and rows without strokes are not touched. Pure.
 */
import type { Stroke } from './strokes.ts';
import type { PictureView } from './view.ts';
import {
  CHROMA,
  LUMA,
  TABLE_RUN,
  blendBytes,
  blendSpan,
  blendTables,
  littleEndian,
  sameBlocksUntil,
} from './blend-spans.ts';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Where `strokes` can paint in the picture (even-aligned, inside it); null when nothing; the whole picture for a spotlight. */
export function strokeBounds(strokes: readonly Stroke[], view: PictureView): Rect | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const stroke of strokes) {
    if (stroke.tool === 'spotlight') return { x: 0, y: 0, width: evenDown(view.width), height: evenDown(view.height) };
    const line = Math.max(1, stroke.width * view.scale);
    const pad = padOf(stroke.tool, line, view.scale);
    const font = Math.max(12, stroke.width * 5) * view.scale;
    for (const point of stroke.points) {
      const { x, y } = view.toPicture(point);
      left = Math.min(left, x - pad);
      top = Math.min(top, y - pad);
      right = Math.max(right, x + pad + (stroke.tool === 'text' ? (stroke.text?.length ?? 0) * font : 0));
      bottom = Math.max(bottom, y + pad + (stroke.tool === 'text' ? font * 1.5 : 0));
    }
  }
  const x = Math.max(0, evenDown(left));
  const y = Math.max(0, evenDown(top));
  const width = Math.min(evenDown(view.width), evenUp(right)) - x;
  const height = Math.min(evenDown(view.height), evenUp(bottom)) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/**
 * How far a stroke's paint reaches past its points: a pen's round cap and join half its line (a
 * pen line being drawn is read back around its newest segments, every frame); a highlighter's
 * square cap on a line 3 times as wide, at 45°; room for an arrow's head and a box's corners.
 */
function padOf(tool: Stroke['tool'], line: number, scale: number): number {
  if (tool === 'pen') return line / 2 + 2;
  if (tool === 'highlighter') return line * 1.5 * Math.SQRT2 + 2;
  return Math.max(line * 4, 12 * scale) + 4;
}

const evenDown = (value: number) => Math.floor(value / 2) * 2;
const evenUp = (value: number) => Math.ceil(value / 2) * 2;

export interface YuvPlanes {
  readonly format: 'I420' | 'NV12';
  readonly data: Uint8Array;
  /** Offset and stride of Y, then U (NV12: UV interleaved), then V (I420). */
  readonly layout: readonly { readonly offset: number; readonly stride: number }[];
  /** BT.709 (HD) or BT.601 coefficients; full or limited (16-235) range. */
  readonly bt709: boolean;
  readonly fullRange: boolean;
}

/** How colours become Y, U and V: the frame's matrix and range. */
export interface YuvMatrix {
  readonly bt709: boolean;
  readonly fullRange: boolean;
}

/**
 * Per row of the picture, the runs to blend. A luma run is 5 numbers: first column, length, opacity
 * (0 to 1), the Y it moves towards and where its table starts (see blendTables). A chroma row (one
 * per two picture rows) holds runs of 7: first chroma column, length, opacity, U, V and their two
 * tables. Runs of a row are kept in column order.
 */
export interface BlendMask {
  readonly width: number;
  readonly height: number;
  /** Replaces what the mask holds inside `rect` (even x, y, width and height, inside the picture) by `rgba`, `rect`-sized un-premultiplied RGBA as getImageData gives it. */
  paint(rgba: Uint8ClampedArray | Uint8Array, rect: Rect): void;
  /** Forgets everything: nothing is blended. */
  clear(): void;
  /** Whether some run is left to blend. */
  readonly empty: boolean;
  /** Blends the runs into the frame's planes (the picture's size), in place. */
  apply(planes: YuvPlanes): void;
}

export function createBlendMask(width: number, height: number, matrix: YuvMatrix): BlendMask {
  const [kr, kb] = matrix.bt709 ? [0.2126, 0.0722] : [0.299, 0.114];
  const kg = 1 - kr - kb;
  const [yScale, yOffset, cScale] = matrix.fullRange ? [1, 0, 1] : [219 / 255, 16, 224 / 255];
  let lumaRows: number[][] = Array.from({ length: height }, () => []);
  let chromaRows: number[][] = Array.from({ length: Math.ceil(height / 2) }, () => []);
  let runs = 0;
  const tables = blendTables();

  /**
   * A run's table: -1 (blended by arithmetic) for a short one. The edges of anti-aliased strokes are
   * runs of a pixel or two, each of its own colour and opacity: tables for them would pile up (a pen
   * drawn on for seconds made thousands a second), and they are few pixels.
   */
  const tableOf = (length: number, alpha: number, target: number) =>
    length >= TABLE_RUN ? tables.offsetOf(alpha, target) : -1;

  /** Tables made afresh for the runs there are (the ones of runs painted over are dropped). */
  function retable() {
    tables.reset();
    for (const row of lumaRows) {
      for (let at = 0; at < row.length; at += LUMA) row[at + 4] = tableOf(row[at + 1]!, row[at + 2]!, row[at + 3]!);
    }
    for (const row of chromaRows) {
      for (let at = 0; at < row.length; at += CHROMA) {
        row[at + 5] = tableOf(row[at + 1]!, row[at + 2]!, row[at + 3]!);
        row[at + 6] = tableOf(row[at + 1]!, row[at + 2]!, row[at + 4]!);
      }
    }
  }

  /** `row`'s runs outside columns [from, to), the ones straddling an edge cut at it. */
  function outside(row: readonly number[], stride: number, from: number, to: number) {
    const before: number[] = [];
    const after: number[] = [];
    for (let at = 0; at < row.length; at += stride) {
      const start = row[at]!;
      const end = start + row[at + 1]!;
      const rest = row.slice(at + 2, at + stride);
      if (start < from) before.push(start, Math.min(end, from) - start, ...rest);
      if (end > to) after.push(Math.max(start, to), end - Math.max(start, to), ...rest);
    }
    return { before, after };
  }

  function paintLuma(pixels: Uint32Array, rgba: Uint8ClampedArray | Uint8Array, rect: Rect) {
    for (let row = 0; row < rect.height; row += 1) {
      const own: number[] = [];
      let column = 0;
      while (column < rect.width) {
        const at = row * rect.width + column;
        const value = pixels[at]!;
        let end = column + 1;
        while (end < rect.width && pixels[row * rect.width + end] === value) end += 1;
        const alpha = rgba[at * 4 + 3]! / 255;
        if (alpha > 0) {
          const luma = yOffset + (kr * rgba[at * 4]! + kg * rgba[at * 4 + 1]! + kb * rgba[at * 4 + 2]!) * yScale;
          own.push(rect.x + column, end - column, alpha, luma, tableOf(end - column, alpha, luma));
        }
        column = end;
      }
      const index = rect.y + row;
      const old = lumaRows[index]!;
      runs -= old.length / LUMA;
      const { before, after } = outside(old, LUMA, rect.x, rect.x + rect.width);
      lumaRows[index] = [...before, ...own, ...after];
      runs += lumaRows[index]!.length / LUMA;
    }
  }

  // One chroma sample per 2 × 2 pixels, blended by their mean opacity and opacity-weighted colour.
  function paintChroma(pixels: Uint32Array, rgba: Uint8ClampedArray | Uint8Array, rect: Rect) {
    const { width, height } = rect;
    const alphaAt = (row: number, column: number) =>
      row < height && column < width ? rgba[(row * width + column) * 4 + 3]! / 255 : 0;
    const pixelAt = (row: number, column: number) =>
      row < height && column < width ? pixels[row * width + column]! : 0;
    for (let row = 0; row < height; row += 2) {
      const own: number[] = [];
      // The previous block's four pixels, and whether it made a run this block can lengthen.
      let extendable = false;
      let p00 = 0;
      let p01 = 0;
      let p10 = 0;
      let p11 = 0;
      for (let column = 0; column < width; column += 2) {
        const q00 = pixelAt(row, column);
        const q01 = pixelAt(row, column + 1);
        const q10 = pixelAt(row + 1, column);
        const q11 = pixelAt(row + 1, column + 1);
        const clear = (q00 | q01 | q10 | q11) === 0;
        if (clear || (extendable && q00 === p00 && q01 === p01 && q10 === p10 && q11 === p11)) {
          // Past the blocks just like this one at once: a spotlight's dim and the clear space
          // around strokes are most of a picture, and this is read back whole when it changes.
          const next = sameBlocksUntil(pixels, width, height, row, column, q00, q01, q10, q11);
          if (!clear) own[own.length - CHROMA + 1] = own[own.length - CHROMA + 1]! + (next - column) / 2;
          [p00, p01, p10, p11] = [q00, q01, q10, q11];
          extendable = !clear;
          column = next - 2;
          continue;
        }
        [p00, p01, p10, p11] = [q00, q01, q10, q11];
        const alphas = [
          alphaAt(row, column),
          alphaAt(row, column + 1),
          alphaAt(row + 1, column),
          alphaAt(row + 1, column + 1),
        ];
        const weight = alphas[0]! + alphas[1]! + alphas[2]! + alphas[3]!;
        extendable = weight > 0;
        if (weight === 0) continue;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let index = 0; index < 4; index += 1) {
          const alpha = alphas[index]!;
          if (alpha === 0) continue;
          const at = ((row + (index >> 1)) * width + column + (index & 1)) * 4;
          r += rgba[at]! * alpha;
          g += rgba[at + 1]! * alpha;
          b += rgba[at + 2]! * alpha;
        }
        r /= weight;
        g /= weight;
        b /= weight;
        const yLinear = kr * r + kg * g + kb * b;
        const u = 128 + ((b - yLinear) / (2 * (1 - kb))) * cScale;
        const v = 128 + ((r - yLinear) / (2 * (1 - kr))) * cScale;
        const mix = weight / 4;
        own.push((rect.x + column) / 2, 1, mix, u, v, -1, -1);
      }
      // A run's length is known once the row is done: only long ones get tables.
      for (let at = 0; at < own.length; at += CHROMA) {
        own[at + 5] = tableOf(own[at + 1]!, own[at + 2]!, own[at + 3]!);
        own[at + 6] = tableOf(own[at + 1]!, own[at + 2]!, own[at + 4]!);
      }
      const index = (rect.y + row) / 2;
      const old = chromaRows[index]!;
      runs -= old.length / CHROMA;
      const { before, after } = outside(old, CHROMA, rect.x / 2, (rect.x + rect.width) / 2);
      chromaRows[index] = [...before, ...own, ...after];
      runs += chromaRows[index]!.length / CHROMA;
    }
  }

  return {
    width,
    height,
    get empty() {
      return runs === 0;
    },
    paint(rgba, rect) {
      if (rect.width <= 0 || rect.height <= 0) return;
      if (tables.full) retable();
      const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rect.width * rect.height);
      paintLuma(pixels, rgba, rect);
      paintChroma(pixels, rgba, rect);
    },
    clear() {
      lumaRows = lumaRows.map(() => []);
      chromaRows = chromaRows.map(() => []);
      runs = 0;
      tables.reset();
    },
    apply(planes) {
      const [yPlane, uPlane, vPlane] = planes.layout;
      if (!yPlane || !uPlane) return;
      const data = planes.data;
      const pool = tables.pool;
      const words =
        littleEndian && data.byteOffset % 4 === 0
          ? new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
          : null;
      const span = (start: number, end: number, even: number, odd: number) =>
        blendSpan(data, words, start, end, even, odd, pool, tables);
      for (let row = 0; row < lumaRows.length; row += 1) {
        const own = lumaRows[row]!;
        const line = yPlane.offset + row * yPlane.stride;
        for (let at = 0; at < own.length; at += LUMA) {
          const start = line + own[at]!;
          const table = own[at + 4]!;
          if (table >= 0) span(start, start + own[at + 1]!, table, table);
          else blendBytes(data, start, start + own[at + 1]!, 1, own[at + 2]!, own[at + 3]!);
        }
      }
      const nv12 = planes.format === 'NV12';
      if (!nv12 && !vPlane) return;
      for (let row = 0; row < chromaRows.length; row += 1) {
        const own = chromaRows[row]!;
        const uLine = uPlane.offset + row * uPlane.stride;
        for (let at = 0; at < own.length; at += CHROMA) {
          const [first, length, uTable, vTable] = [own[at]!, own[at + 1]!, own[at + 5]!, own[at + 6]!];
          if (uTable < 0 || vTable < 0) {
            const [mix, u, v] = [own[at + 2]!, own[at + 3]!, own[at + 4]!];
            const [uStart, vStart, step] = nv12
              ? [uLine + first * 2, uLine + first * 2 + 1, 2]
              : [uLine + first, vPlane!.offset + row * vPlane!.stride + first, 1];
            blendBytes(data, uStart, uStart + length * step, step, mix, u);
            blendBytes(data, vStart, vStart + length * step, step, mix, v);
          } else if (nv12) {
            // U and V interleaved: U on the even bytes of the row when the row starts on an even byte.
            const start = uLine + first * 2;
            const uEven = start % 2 === 0;
            span(start, start + length * 2, uEven ? uTable : vTable, uEven ? vTable : uTable);
          } else {
            const vLine = vPlane!.offset + row * vPlane!.stride;
            span(uLine + first, uLine + first + length, uTable, uTable);
            span(vLine + first, vLine + first + length, vTable, vTable);
          }
        }
      }
    },
  };
}

/**
 * Blends un-premultiplied RGBA pixels (`rgba`, `rect.width` × `rect.height`, as getImageData gives
 * them) over the frame's planes at `rect` (even x and y). Transparent pixels leave it as it was.
 */
export function blendRgbaIntoYuv(planes: YuvPlanes, rgba: Uint8ClampedArray | Uint8Array, rect: Rect) {
  const mask = createBlendMask(rect.x + rect.width, rect.y + rect.height, planes);
  mask.paint(rgba, rect);
  mask.apply(planes);
}

/**
 * Runs the mask's read-back and blend on a small made-up drawing a few dozen times, so the page
 * has them compiled before the first stroke: on the loaded bench machine the first seconds of
 * blending ran unoptimised, 100-300 ms a frame against a few ms once warm. A few ms, once.
 */
export function warmBlend(rounds = 40) {
  const [width, height] = [64, 16];
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let at = 0; at < width * height; at += 1) {
    const column = at % width;
    // A dim (a spotlight's) with a lit gap, a red line and its soft edges.
    if (column < 20 || column >= 44) rgba.set([0, 0, 0, 153], at * 4);
    if (column >= 28 && column < 36) rgba.set([239, 68, 68, column === 28 || column === 35 ? 128 : 255], at * 4);
  }
  const planes: YuvPlanes = {
    format: 'I420',
    data: new Uint8Array(width * height * 1.5).fill(128),
    layout: [
      { offset: 0, stride: width },
      { offset: width * height, stride: width / 2 },
      { offset: width * height * 1.25, stride: width / 2 },
    ],
    bt709: true,
    fullRange: false,
  };
  const mask = createBlendMask(width, height, planes);
  for (let round = 0; round < rounds; round += 1) {
    if (round % 8 === 0) mask.paint(rgba, { x: 0, y: 0, width, height });
    mask.apply(planes);
  }
}
