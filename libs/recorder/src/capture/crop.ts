/**
 * An area of a shared screen as a track of its own, at the screen's native pixels (no scaling):
 * each frame becomes a `VideoFrame` whose `visibleRect` is the area. No canvas copy and no
 * re-encode on the server; the canvas path is for browsers without the breakout box.
 */
import { breakoutBox, canvasTrack, playingVideo, readFrames, type ProcessedTrack } from './processed-track.ts';
import { clampRect, type CropRect } from './settings.ts';

export async function cropTrack(track: MediaStreamTrack, rect: CropRect, frameRate = 30): Promise<ProcessedTrack> {
  const box = breakoutBox();
  if (box) {
    const generator = new box.MediaStreamTrackGenerator({ kind: 'video' });
    const writer = generator.writable.getWriter();
    const abort = new AbortController();
    void readFrames(box, track, abort.signal, async (frame) => {
      // The screen may change size mid-recording (a resized window): keep the area inside it.
      const area = clampRect(rect, frame.displayWidth, frame.displayHeight);
      let cropped: VideoFrame | null = null;
      try {
        cropped = new VideoFrame(frame, {
          visibleRect: area,
          displayWidth: area.width,
          displayHeight: area.height,
        });
      } catch {
        cropped = null; // a frame whose format cannot be cropped there: skip it
      } finally {
        frame.close();
      }
      if (cropped) await writer.write(cropped).catch(() => cropped?.close());
    }).finally(() => {
      void writer.close().catch(() => undefined);
    });
    return {
      track: generator,
      stop() {
        abort.abort();
        generator.stop();
      },
    };
  }

  const video = await playingVideo(track);
  const area = clampRect(rect, video.videoWidth || rect.x + rect.width, video.videoHeight || rect.y + rect.height);
  return canvasTrack(
    area.width,
    area.height,
    frameRate,
    (context) => context.drawImage(video, area.x, area.y, area.width, area.height, 0, 0, area.width, area.height),
    () => {
      video.srcObject = null;
    },
  );
}
