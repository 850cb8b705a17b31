/**
 * The canvas path of a recording: the screen (or the chosen area of it), the camera in a circle or
 * rounded square in a corner, and what the person draws while recording, made into one video track.
 * Each new frame of the screen or the camera draws the latest of both, at most `frameRate` times a
 * second; a change of the drawing (or a stroke fading) redraws the last screen frame, so strokes
 * reach the recording on a still screen too. Until something is drawn (and without a camera) the
 * screen's frames pass through uncopied, so offering the drawing costs nothing until it is used.
 */
import { createStrokeOverlay, type StrokeOverlay } from '../drawing/overlay.ts';
import { paintStrokes } from '../drawing/paint.ts';
import type { DrawingBoard, Stroke } from '../drawing/strokes.ts';
import { viewThroughArea, type PictureView } from '../drawing/view.ts';
import { breakoutBox, canvasTrack, playingVideo, readFrames, type ProcessedTrack } from './processed-track.ts';
import { bubbleBox, clampRect, type BubbleSettings, type CropRect } from './settings.ts';

type Drawable = CanvasImageSource & ({ displayWidth: number; displayHeight: number } | HTMLVideoElement);
type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface CompositeOptions {
  /** The camera, drawn in `bubble`; absent or ended: the screen alone. */
  readonly camera?: MediaStreamTrack | null;
  readonly bubble?: BubbleSettings;
  /** Keep only this rectangle of the screen, in its pixels, at those pixels. */
  readonly area?: CropRect | null;
  /** Strokes drawn over the screen while recording, mapped through the area. */
  readonly drawing?: DrawingBoard | null;
}

/** Screen + camera: one track with the camera in a bubble. */
export function compositeBubble(
  screen: MediaStreamTrack,
  camera: MediaStreamTrack,
  bubble: BubbleSettings,
  frameRate = 30,
): Promise<ProcessedTrack> {
  return compositeTrack(screen, { camera, bubble }, frameRate);
}

export async function compositeTrack(
  screen: MediaStreamTrack,
  options: CompositeOptions,
  frameRate = 30,
): Promise<ProcessedTrack> {
  const { camera = null, drawing = null } = options;
  const box = breakoutBox();
  if (box && typeof OffscreenCanvas === 'function') {
    const generator = new box.MediaStreamTrackGenerator({ kind: 'video' });
    const writer = generator.writable.getWriter();
    const canvas = new OffscreenCanvas(2, 2);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw video into a canvas.');
    // willReadFrequently: the strokes are read back (where they changed), so they stay in memory.
    const overlayContext = new OffscreenCanvas(2, 2).getContext('2d', { willReadFrequently: true });
    const overlay = overlayContext ? createStrokeOverlay(overlayContext) : null;
    const abort = new AbortController();
    let busy = false;
    let lastScreen: VideoFrame | null = null;
    let lastCamera: VideoFrame | null = null;
    let lastDrawn = 0;
    let lastScreenAt = 0;
    let drawnVersion = -1;
    const interval = 1000 / frameRate;
    // `gap`: the least time since the last frame written. The screen's own frames come at most at
    // the frame rate already (the capture is asked for it), so only half an interval is kept between
    // them: a frame a little early (jitter) is not dropped. The camera and the ticker fill in.
    const draw = async (gap: number) => {
      const now = performance.now();
      if (!lastScreen || busy || now - lastDrawn < gap || abort.signal.aborted) return;
      busy = true;
      lastDrawn = now;
      drawnVersion = drawing?.version ?? 0;
      try {
        const frame = await composeFrame({ canvas, context, overlay }, lastScreen, lastCamera, options, now);
        if (frame) await writer.write(frame).catch(() => frame.close());
      } finally {
        busy = false;
      }
    };
    void readFrames(box, screen, abort.signal, async (frame) => {
      lastScreen?.close();
      lastScreen = frame;
      lastScreenAt = performance.now();
      await draw(interval / 2);
    }).finally(() => void writer.close().catch(() => undefined));
    if (camera) {
      void readFrames(box, camera, abort.signal, async (frame) => {
        lastCamera?.close();
        lastCamera = frame;
        await draw(interval - 2);
      }).finally(() => {
        // The camera was lost: the screen goes on without the bubble.
        lastCamera?.close();
        lastCamera = null;
      });
    }
    // A still screen sends few frames: a new stroke, or one fading, redraws the last one. While the
    // screen sends frames, they carry the strokes (redrawing an old frame would crowd a new one out).
    const ticker = drawing
      ? setInterval(() => {
          const now = performance.now();
          if (now - lastScreenAt < interval * 1.5) return;
          if (drawing.version !== drawnVersion || drawing.animating(now)) void draw(interval - 2);
        }, interval)
      : undefined;
    return {
      track: generator,
      stop() {
        clearInterval(ticker);
        abort.abort();
        generator.stop();
        lastScreen?.close();
        lastCamera?.close();
        lastScreen = lastCamera = null;
      },
    };
  }

  const [screenVideo, cameraVideo] = await Promise.all([
    playingVideo(screen),
    camera ? playingVideo(camera) : Promise.resolve(null),
  ]);
  const screenSize = { width: screenVideo.videoWidth || 1280, height: screenVideo.videoHeight || 720 };
  const area = options.area ? clampRect(options.area, screenSize.width, screenSize.height) : null;
  const picture = area ?? { x: 0, y: 0, ...screenSize };
  return canvasTrack(
    picture.width,
    picture.height,
    frameRate,
    (context) => {
      const live = camera?.readyState === 'live' ? cameraVideo : null;
      drawComposite(context, screenVideo, live, options.bubble ?? null, area, picture.width, picture.height);
      if (drawing) {
        const now = performance.now();
        paintStrokes(context, drawing.visible(now), viewThroughArea(screenSize, area, picture), now);
      }
    },
    () => {
      screenVideo.srcObject = null;
      if (cameraVideo) cameraVideo.srcObject = null;
    },
  );
}

interface Canvases {
  readonly canvas: OffscreenCanvas;
  readonly context: OffscreenCanvasRenderingContext2D;
  /** The strokes alone, kept as a mask to blend into the frame's planes; null without a 2D context. */
  readonly overlay: StrokeOverlay | null;
}

/**
 * One frame to record: the screen passed through (cropped, uncopied), the strokes blended into a
 * copy of its planes (drawing/blend.ts), or the screen drawn with the bubble and strokes in the
 * canvas. Null when the frame went away meanwhile.
 */
async function composeFrame(
  canvases: Canvases,
  screen: VideoFrame,
  camera: VideoFrame | null,
  options: CompositeOptions,
  now: number,
): Promise<VideoFrame | null> {
  const timestamp = Math.round(now * 1000);
  const screenSize = { width: screen.displayWidth, height: screen.displayHeight };
  // The screen may change size mid-recording (a resized window): keep the area inside it.
  const area = options.area ? clampRect(options.area, screenSize.width, screenSize.height) : null;
  const picture = area ?? { x: 0, y: 0, ...screenSize };
  const strokes = options.drawing?.visible(now) ?? [];
  try {
    if (!camera && strokes.length === 0) {
      try {
        return new VideoFrame(screen, {
          timestamp,
          ...(area ? { visibleRect: area, displayWidth: area.width, displayHeight: area.height } : {}),
        });
      } catch {
        // a frame whose format cannot be cropped there: drawn below instead
      }
    }
    const view = viewThroughArea(screenSize, area, picture);
    if (!camera) {
      const blended = await blendStrokes(canvases, screen, area, strokes, view, now, timestamp);
      if (blended) return blended;
    }
    const { canvas, context } = canvases;
    if (canvas.width !== picture.width || canvas.height !== picture.height) {
      Object.assign(canvas, { width: picture.width, height: picture.height });
    }
    drawComposite(context, screen, camera, options.bubble ?? null, area, picture.width, picture.height);
    if (strokes.length > 0) paintStrokes(context, strokes, view, now);
    return new VideoFrame(canvas, { timestamp });
  } catch {
    return null; // the frame was closed meanwhile (a newer one came): the newer one is drawn
  }
}

/** The strokes blended into a copy of the frame's I420 or NV12 planes; null when that does not apply. */
async function blendStrokes(
  { overlay }: Canvases,
  screen: VideoFrame,
  area: CropRect | null,
  strokes: readonly Stroke[],
  view: PictureView,
  now: number,
  timestamp: number,
): Promise<VideoFrame | null> {
  const format = screen.format;
  if (!overlay || (format !== 'I420' && format !== 'NV12')) return null;
  const visible = screen.visibleRect;
  if (!visible || visible.width !== screen.displayWidth || visible.height !== screen.displayHeight) return null;
  const colorSpace = screen.colorSpace;
  const matrix = { bt709: colorSpace?.matrix === 'bt709', fullRange: colorSpace?.fullRange === true };
  const mask = overlay.maskFor(strokes, view, now, matrix);
  const copy = area
    ? { rect: { x: visible.x + area.x, y: visible.y + area.y, width: area.width, height: area.height } }
    : {};
  const data = new Uint8Array(screen.allocationSize(copy));
  const layout = await screen.copyTo(data, copy);
  mask.apply({ format, data, layout, ...matrix });
  // `transfer` hands the buffer to the frame instead of copying it again (a 1080p frame's 3 MB took
  // about 7 ms a frame on the loaded bench machine); TypeScript's DOM types do not list it yet.
  const init: VideoFrameBufferInit & { transfer: ArrayBuffer[] } = {
    format,
    codedWidth: view.width,
    codedHeight: view.height,
    timestamp,
    layout,
    ...(colorSpace ? { colorSpace: colorSpace.toJSON() } : {}),
    transfer: [data.buffer],
  };
  return new VideoFrame(data, init);
}

function sizeOf(source: Drawable): { width: number; height: number } {
  return 'videoWidth' in source
    ? { width: source.videoWidth, height: source.videoHeight }
    : { width: source.displayWidth, height: source.displayHeight };
}

/** The screen (its `area`, or all of it) filling the picture, then the camera centre-cropped to a square in the bubble. */
export function drawComposite(
  context: Context,
  screen: Drawable,
  camera: Drawable | null,
  bubble: BubbleSettings | null,
  area: CropRect | null,
  width: number,
  height: number,
) {
  if (area) context.drawImage(screen, area.x, area.y, area.width, area.height, 0, 0, width, height);
  else context.drawImage(screen, 0, 0, width, height);
  if (!camera || !bubble) return;
  const source = sizeOf(camera);
  if (source.width === 0 || source.height === 0) return;
  const { left, top, side } = bubbleBox(bubble, width, height);
  const square = Math.min(source.width, source.height);
  context.save();
  context.beginPath();
  if (bubble.shape === 'circle') context.arc(left + side / 2, top + side / 2, side / 2, 0, Math.PI * 2);
  else context.roundRect(left, top, side, side, side * 0.15);
  context.clip();
  context.drawImage(
    camera,
    (source.width - square) / 2,
    (source.height - square) / 2,
    square,
    square,
    left,
    top,
    side,
    side,
  );
  context.restore();
}
