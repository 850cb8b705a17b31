import { useCallback } from 'react';

export interface MediaPreviewProps {
  stream: MediaStream;
  label: string;
  className?: string;
}

/** A live, muted picture of a capture (the camera bubble, the screen while choosing an area). */
export function MediaPreview({ stream, label, className }: MediaPreviewProps) {
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
  return <video ref={attach} muted playsInline autoPlay aria-label={label} className={className} />;
}
