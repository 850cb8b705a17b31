/**
 * Strokes into a YUV frame without a canvas copy of the frame: drawing a whole 1080p `VideoFrame`
 * into a 2D canvas converts all of it to RGBA (about 57 ms a frame in software on the loaded bench
 * machine, even for a small source rectangle), while strokes usually cover a small part of the
 * picture. So the strokes are painted alone into a canvas the size of their bounds, and those
 * pixels are blended into the frame's own Y, U and V planes (I420 or NV12) here. Pure.
 */
import type { Stroke } from './strokes.ts';
import type { PictureView } from './view.ts';

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
    // Room for the line's width (a highlighter's is 3 times), an arrow's head and text below its corner.
    const pad = Math.max(line * 4, 12 * view.scale) + 4;
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

/**
 * Blends un-premultiplied RGBA pixels (`rgba`, `rect.width` × `rect.height`, as getImageData gives
 * them) over the frame's planes at `rect` (even x and y). Transparent pixels leave it as it was.
 */
export function blendRgbaIntoYuv(planes: YuvPlanes, rgba: Uint8ClampedArray | Uint8Array, rect: Rect) {
  const [kr, kb] = planes.bt709 ? [0.2126, 0.0722] : [0.299, 0.114];
  const kg = 1 - kr - kb;
  const [yScale, yOffset, cScale] = planes.fullRange ? [1, 0, 1] : [219 / 255, 16, 224 / 255];
  const luma = (r: number, g: number, b: number) => yOffset + (kr * r + kg * g + kb * b) * yScale;
  const [yPlane, uPlane, vPlane] = planes.layout;
  if (!yPlane || !uPlane) return;
  const data = planes.data;
  const { width, height } = rect;
  for (let row = 0; row < height; row += 1) {
    const line = yPlane.offset + (rect.y + row) * yPlane.stride + rect.x;
    for (let column = 0; column < width; column += 1) {
      const at = (row * width + column) * 4;
      const alpha = rgba[at + 3]! / 255;
      if (alpha === 0) continue;
      const y = data[line + column]!;
      data[line + column] = Math.round(y + (luma(rgba[at]!, rgba[at + 1]!, rgba[at + 2]!) - y) * alpha);
    }
  }
  // Chroma: one sample per 2 × 2 pixels, blended by their mean alpha and alpha-weighted colour.
  // (Unrolled, allocation-free: this runs over every block of the strokes' bounds, most of them clear.)
  const alphaAt = (row: number, column: number) =>
    row < height && column < width ? rgba[(row * width + column) * 4 + 3]! / 255 : 0;
  for (let row = 0; row < height; row += 2) {
    for (let column = 0; column < width; column += 2) {
      const a00 = alphaAt(row, column);
      const a01 = alphaAt(row, column + 1);
      const a10 = alphaAt(row + 1, column);
      const a11 = alphaAt(row + 1, column + 1);
      const weight = a00 + a01 + a10 + a11;
      if (weight === 0) continue;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let index = 0; index < 4; index += 1) {
        const alpha = index === 0 ? a00 : index === 1 ? a01 : index === 2 ? a10 : a11;
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
      const cx = (rect.x + column) / 2;
      const cy = (rect.y + row) / 2;
      if (planes.format === 'NV12') {
        const at = uPlane.offset + cy * uPlane.stride + cx * 2;
        data[at] = Math.round(data[at]! + (u - data[at]!) * mix);
        data[at + 1] = Math.round(data[at + 1]! + (v - data[at + 1]!) * mix);
      } else if (vPlane) {
        const uAt = uPlane.offset + cy * uPlane.stride + cx;
        const vAt = vPlane.offset + cy * vPlane.stride + cx;
        data[uAt] = Math.round(data[uAt]! + (u - data[uAt]!) * mix);
        data[vAt] = Math.round(data[vAt]! + (v - data[vAt]!) * mix);
      }
    }
  }
}
