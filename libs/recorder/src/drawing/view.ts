/**
 * Where the strokes land in the recorded picture. They are drawn over the whole shared screen; an
 * area recording keeps only the chosen rectangle of it, so a stroke is moved by the area's corner
 * and scaled by the picture's size over the area's (1 when the area is recorded at its own pixels).
 */
import type { CropRect } from '../capture/settings.ts';
import type { Point } from './strokes.ts';

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface PictureView {
  /** The picture drawn into, in its pixels. */
  readonly width: number;
  readonly height: number;
  /** How many picture pixels one screen pixel becomes (line widths, text sizes). */
  readonly scale: number;
  /** A point of the screen (0 to 1) in the picture's pixels; outside the picture when outside the area. */
  toPicture(point: Point): { x: number; y: number };
}

/** The view of a `screen` cropped to `area` (null: the whole screen) and drawn into `picture`. */
export function viewThroughArea(screen: Size, area: CropRect | null, picture: Size): PictureView {
  const crop = area ?? { x: 0, y: 0, width: screen.width, height: screen.height };
  const scaleX = crop.width > 0 ? picture.width / crop.width : 1;
  const scaleY = crop.height > 0 ? picture.height / crop.height : 1;
  return {
    width: picture.width,
    height: picture.height,
    scale: Math.sqrt(scaleX * scaleY),
    toPicture: (point) => ({
      x: (point.x * screen.width - crop.x) * scaleX,
      y: (point.y * screen.height - crop.y) * scaleY,
    }),
  };
}
