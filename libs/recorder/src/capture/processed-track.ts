/**
 * A video track made from other tracks in the browser (a cropped screen, a screen with the camera
 * drawn on it). Chromium's breakout box (`MediaStreamTrackProcessor` → `VideoFrame` →
 * `MediaStreamTrackGenerator`) does it frame by frame without a `<video>` element, and keeps
 * working in a background tab; other browsers get a canvas and `captureStream()`
 * (docs/toolchain.md, Browser and media).
 */

export interface ProcessedTrack {
  readonly track: MediaStreamTrack;
  /** Stop making frames and end the track (the input tracks are the caller's to stop). */
  stop(): void;
}

interface BreakoutBox {
  MediaStreamTrackProcessor: new (init: { track: MediaStreamTrack }) => { readable: ReadableStream<VideoFrame> };
  MediaStreamTrackGenerator: new (init: { kind: 'video' }) => MediaStreamTrack & {
    writable: WritableStream<VideoFrame>;
  };
}

/** The breakout box's constructors, when this browser has them. */
export function breakoutBox(): BreakoutBox | null {
  const scope = globalThis as unknown as Partial<BreakoutBox>;
  return typeof scope.MediaStreamTrackProcessor === 'function' && typeof scope.MediaStreamTrackGenerator === 'function'
    ? (scope as BreakoutBox)
    : null;
}

/** Reads every frame of `track` into `onFrame` (which must close it) until `signal` aborts or the track ends. */
export async function readFrames(
  box: BreakoutBox,
  track: MediaStreamTrack,
  signal: AbortSignal,
  onFrame: (frame: VideoFrame) => void | Promise<void>,
): Promise<void> {
  const reader = new box.MediaStreamTrackProcessor({ track }).readable.getReader();
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    if (done || !value) return;
    if (signal.aborted) {
      value.close();
      return;
    }
    await onFrame(value);
  }
}

/** A `<video>` playing `track` muted, for the canvas path; resolves once it has a picture size. */
export async function playingVideo(track: MediaStreamTrack): Promise<HTMLVideoElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([track]);
  await video.play().catch(() => undefined);
  if (video.videoWidth === 0) {
    await new Promise<void>((resolve) => {
      video.addEventListener('loadedmetadata', () => resolve(), { once: true });
      setTimeout(resolve, 2_000);
    });
  }
  return video;
}

/** The canvas path: `draw` every 1/fps s into a canvas whose stream is the result. */
export function canvasTrack(
  width: number,
  height: number,
  frameRate: number,
  draw: (context: CanvasRenderingContext2D, canvas: HTMLCanvasElement) => void,
  cleanup: () => void,
): ProcessedTrack {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw video into a canvas.');
  const timer = setInterval(() => draw(context, canvas), 1000 / frameRate);
  draw(context, canvas);
  const [track] = canvas.captureStream(frameRate).getVideoTracks();
  if (!track) throw new Error('This browser cannot record a canvas.');
  return {
    track,
    stop() {
      clearInterval(timer);
      track.stop();
      cleanup();
    },
  };
}
