import type { RefObject } from 'react';

/** Picture-in-picture for the video in `videoRef`, where the browser offers it (nothing elsewhere). */
export function PictureInPictureButton({
  videoRef,
  className = '',
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  className?: string;
}) {
  if (typeof document === 'undefined' || document.pictureInPictureEnabled !== true) return null;
  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    // A refusal (no user gesture, a video without frames yet) leaves things as they are.
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture().catch(() => undefined);
  };
  return (
    <button type="button" className={`btn btn-ghost btn-xs ${className}`} onClick={toggle}>
      Picture-in-picture
    </button>
  );
}
