/**
 * The screen with the camera drawn over it in a circle (or rounded square), in a corner: one
 * video track to record. Each new frame of either input draws the latest of both (a still screen
 * sends few frames, the camera keeps the bubble moving), at most `frameRate` times a second.
 */
import { breakoutBox, canvasTrack, playingVideo, readFrames, type ProcessedTrack } from './processed-track.ts';
import { bubbleBox, type BubbleSettings } from './settings.ts';

type Drawable = CanvasImageSource & ({ displayWidth: number; displayHeight: number } | HTMLVideoElement);

export async function compositeBubble(
  screen: MediaStreamTrack,
  camera: MediaStreamTrack,
  bubble: BubbleSettings,
  frameRate = 30,
): Promise<ProcessedTrack> {
  const box = breakoutBox();
  if (box && typeof OffscreenCanvas === 'function') {
    const generator = new box.MediaStreamTrackGenerator({ kind: 'video' });
    const writer = generator.writable.getWriter();
    const canvas = new OffscreenCanvas(2, 2);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw video into a canvas.');
    const abort = new AbortController();
    let lastScreen: VideoFrame | null = null;
    let lastCamera: VideoFrame | null = null;
    let lastDrawn = 0;
    const draw = async () => {
      const now = performance.now();
      if (!lastScreen || now - lastDrawn < 1000 / frameRate - 2 || abort.signal.aborted) return;
      lastDrawn = now;
      const width = lastScreen.displayWidth;
      const height = lastScreen.displayHeight;
      if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
      drawComposite(context, lastScreen, lastCamera, bubble, width, height);
      const frame = new VideoFrame(canvas, { timestamp: Math.round(now * 1000) });
      await writer.write(frame).catch(() => frame.close());
    };
    void readFrames(box, screen, abort.signal, async (frame) => {
      lastScreen?.close();
      lastScreen = frame;
      await draw();
    }).finally(() => void writer.close().catch(() => undefined));
    void readFrames(box, camera, abort.signal, async (frame) => {
      lastCamera?.close();
      lastCamera = frame;
      await draw();
    }).finally(() => {
      // The camera was lost: the screen goes on without the bubble.
      lastCamera?.close();
      lastCamera = null;
    });
    return {
      track: generator,
      stop() {
        abort.abort();
        generator.stop();
        lastScreen?.close();
        lastCamera?.close();
        lastScreen = lastCamera = null;
      },
    };
  }

  const [screenVideo, cameraVideo] = await Promise.all([playingVideo(screen), playingVideo(camera)]);
  const width = screenVideo.videoWidth || 1280;
  const height = screenVideo.videoHeight || 720;
  return canvasTrack(
    width,
    height,
    frameRate,
    (context) =>
      drawComposite(context, screenVideo, camera.readyState === 'live' ? cameraVideo : null, bubble, width, height),
    () => {
      screenVideo.srcObject = null;
      cameraVideo.srcObject = null;
    },
  );
}

function sizeOf(source: Drawable): { width: number; height: number } {
  return 'videoWidth' in source
    ? { width: source.videoWidth, height: source.videoHeight }
    : { width: source.displayWidth, height: source.displayHeight };
}

/** The screen full frame, then the camera centre-cropped to a square and clipped to the bubble. */
export function drawComposite(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  screen: Drawable,
  camera: Drawable | null,
  bubble: BubbleSettings,
  width: number,
  height: number,
) {
  context.drawImage(screen, 0, 0, width, height);
  if (!camera) return;
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
