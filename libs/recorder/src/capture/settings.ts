/**
 * What one recording captures and how: the choices of /record's settings panel, handed to
 * `recorder.start(settings)`. Every field is optional; without any the recorder shares a screen,
 * window or tab with the default microphone at the source's size, without a countdown.
 */
import type { DrawingBoard } from '../drawing/strokes.ts';
import type { Quality } from './quality.ts';

/** Screen, window or tab (the browser's picker); the camera alone; a screen with the camera in a bubble; an area of a screen. */
export type CaptureSource = 'screen' | 'camera' | 'screen+camera' | 'area';

/** A rectangle of the shared screen, in its pixels. */
export interface CropRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type BubbleShape = 'circle' | 'rounded';
export type BubbleCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** The camera drawn over the screen: its shape, corner and diameter as a share of the picture's height. */
export interface BubbleSettings {
  readonly shape: BubbleShape;
  readonly corner: BubbleCorner;
  /** 0.1 to 0.5 of the picture's height. */
  readonly size: number;
}

export interface RecordingSettings {
  readonly source?: CaptureSource;
  /** Area: the screen already shared for its preview; the recording takes it over (and stops it at the end). */
  readonly display?: MediaStream;
  /** Area: what to keep of the screen, in its pixels. */
  readonly area?: CropRect;
  readonly bubble?: BubbleSettings;
  /** False: no microphone is asked for (the screen's own sound alone). */
  readonly microphone?: boolean;
  /** A deviceId from enumerateDevices; absent: the browser's default. */
  readonly microphoneId?: string;
  readonly cameraId?: string;
  /** Seconds counted down (3, 2, 1) before MediaRecorder starts; 0 or absent: none. */
  readonly countdownSeconds?: number;
  readonly quality?: Quality;
  /** Recorded time (pauses excluded) after which the recording stops by itself; absent: no limit. */
  readonly maxDurationMs?: number;
  /**
   * Strokes drawn over the screen while recording, composited into the picture; absent:
   * the screen is recorded as captured. Not for the camera alone (there is no screen to draw on).
   */
  readonly drawing?: DrawingBoard;
}

export const defaultBubble: BubbleSettings = { shape: 'circle', corner: 'bottom-right', size: 0.25 };

/** A rectangle clamped into a `width` × `height` picture, in whole even pixels (4:2:0 video wants even sizes). */
export function clampRect(rect: CropRect, width: number, height: number): CropRect {
  const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);
  const w = Math.min(even(rect.width), even(width));
  const h = Math.min(even(rect.height), even(height));
  // Even offsets too: a 4:2:0 frame cannot start its visible part on an odd pixel.
  const x = Math.floor(Math.min(Math.max(0, rect.x), width - w) / 2) * 2;
  const y = Math.floor(Math.min(Math.max(0, rect.y), height - h) / 2) * 2;
  return { x: Math.max(0, x), y: Math.max(0, y), width: w, height: h };
}

/** Where the bubble goes in a `width` × `height` picture: its square's left, top and side, in pixels. */
export function bubbleBox(bubble: BubbleSettings, width: number, height: number) {
  const side = Math.round(Math.min(width, height) * Math.min(0.5, Math.max(0.1, bubble.size)));
  const margin = Math.round(Math.min(width, height) * 0.03);
  const left = bubble.corner.endsWith('left') ? margin : width - side - margin;
  const top = bubble.corner.startsWith('top') ? margin : height - side - margin;
  return { left, top, side };
}
