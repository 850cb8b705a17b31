import { useCallback, useRef } from 'react';

export interface RecordingPreviewProps {
  /** The recording; the preview gives it a temporary URL while it is on screen. */
  blob: Blob;
  /** Name of the downloaded file. */
  fileName?: string;
  /** e.g. while uploading (docs/product.md, States). */
  downloadDisabled?: boolean;
}

/** The recording, playable, with a Download button that saves it under `fileName`. */
export function RecordingPreview({
  blob,
  fileName = 'recording.webm',
  downloadDisabled = false,
}: RecordingPreviewProps) {
  const video = useRef<HTMLVideoElement | null>(null);
  // The element owns the object URL: made when it attaches, revoked when it detaches or the blob
  // changes (React 19 ref cleanup), so StrictMode's second mount gets a live URL of its own.
  const attach = useCallback(
    (element: HTMLVideoElement) => {
      const url = URL.createObjectURL(blob);
      element.src = url;
      video.current = element;
      return () => {
        video.current = null;
        element.removeAttribute('src');
        URL.revokeObjectURL(url);
      };
    },
    [blob],
  );
  const download = () => {
    if (!video.current) return;
    const link = document.createElement('a');
    link.href = video.current.src;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  };
  return (
    <section aria-label="Recording preview" className="flex flex-col gap-3">
      <video
        ref={attach}
        controls
        playsInline
        aria-label="Recording preview"
        className="w-full max-w-3xl rounded-box bg-black"
      />
      <div>
        <button type="button" className="btn" onClick={download} disabled={downloadDisabled}>
          Download
        </button>
      </div>
    </section>
  );
}
