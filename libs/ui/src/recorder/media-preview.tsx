import { useCallback } from 'react';

export interface MediaPreviewProps {
  stream: MediaStream;
  label: string;
  className?: string;
  /** The picture's size in pixels, once known and whenever it changes. */
  onSize?: (width: number, height: number) => void;
}

/** A live, muted picture of a capture (the camera bubble, the screen while choosing an area). */
export function MediaPreview({ stream, label, className, onSize }: MediaPreviewProps) {
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      if (!element) return;
      try {
        element.srcObject = stream;
      } catch {
        return; // a stream this element cannot show: the preview stays dark, the recording is unaffected
      }
      void element.play?.()?.catch(() => undefined);
      return () => {
        element.srcObject = null;
      };
    },
    [stream],
  );
  return (
    <video
      ref={attach}
      muted
      playsInline
      autoPlay
      aria-label={label}
      className={className}
      onLoadedMetadata={onSize ? (event) => sized(event.currentTarget, onSize) : undefined}
      onResize={onSize ? (event) => sized(event.currentTarget, onSize) : undefined}
    />
  );
}

function sized(video: HTMLVideoElement, onSize: (width: number, height: number) => void) {
  if (video.videoWidth > 0 && video.videoHeight > 0) onSize(video.videoWidth, video.videoHeight);
}
