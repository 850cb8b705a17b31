import type { CutPiece } from './cut-plan';

/** A frame's picture size in pixels. */
export interface FrameSize {
  width: number;
  height: number;
}

/**
 * The region is shrunk, by averaging, to cells of half its longer side (two across), then grown
 * back smoothly and box-blurred over the seams: what was under it is gone, not softened (text, a
 * face or a password field becomes one or two colours). A lighter blur (8 cells across) left the
 * test pattern's bars at half their variance, and shapes a person could still guess.
 */
const CELLS_ACROSS = 2;

/**
 * An ffmpeg -filter_complex graph from the input's video to [v] that blurs each of a piece's
 * regions over the frames it covers (`n`, the frame's number in the piece: the frames before the
 * piece never reach the graph). Each region is cut out, shrunk to two cells across by averaging, grown
 * back smoothly, box-blurred over the cell seams and laid back over the frame.
 */
export function blurFilter(blurs: NonNullable<CutPiece['blurs']>, size: FrameSize): string {
  const parts = [`[0:v:0]split=${blurs.length + 1}[b0]${blurs.map((_, i) => `[r${i}]`).join('')}`];
  blurs.forEach(({ region, first, last }, i) => {
    const box = pixels(region, size);
    const cell = Math.max(2, Math.ceil(Math.max(box.w, box.h) / CELLS_ACROSS));
    const small = { w: Math.max(1, Math.round(box.w / cell)), h: Math.max(1, Math.round(box.h / cell)) };
    const radius = Math.max(0, Math.min(cell, Math.floor(Math.min(box.w, box.h) / 2) - 1));
    const smooth =
      radius > 0
        ? `,boxblur=luma_radius=${radius}:luma_power=2:chroma_radius=${Math.max(1, radius >> 1)}:chroma_power=2`
        : '';
    parts.push(
      `[r${i}]crop=${box.w}:${box.h}:${box.x}:${box.y},scale=${small.w}:${small.h}:flags=area,` +
        `scale=${box.w}:${box.h}:flags=bilinear${smooth}[s${i}]`,
      `[b${i}][s${i}]overlay=${box.x}:${box.y}:enable='between(n\\,${first}\\,${last})'[b${i + 1}]`,
    );
  });
  parts.push(`[b${blurs.length}]null[v]`);
  return parts.join(';');
}

/** The region in whole pixels, on even edges (4:2:0 chroma), grown outwards so it covers at least what was asked. */
export function pixels(region: { x: number; y: number; width: number; height: number }, size: FrameSize) {
  const even = (value: number, round: (n: number) => number) => round(value / 2) * 2;
  const x = Math.max(0, even((region.x / 100) * size.width, Math.floor));
  const y = Math.max(0, even((region.y / 100) * size.height, Math.floor));
  const right = Math.min(even(size.width, Math.floor), even(((region.x + region.width) / 100) * size.width, Math.ceil));
  const bottom = Math.min(
    even(size.height, Math.floor),
    even(((region.y + region.height) / 100) * size.height, Math.ceil),
  );
  return { x, y, w: Math.max(2, right - x), h: Math.max(2, bottom - y) };
}
