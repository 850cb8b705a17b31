import { type RefObject, useState } from 'react';

/**
 * The CC button ("Captions", pressed while shown): shows or hides the text tracks of the video in
 * `videoRef`. They start shown, as the player's track is `default`.
 */
export function CaptionsButton({ videoRef }: { videoRef: RefObject<HTMLVideoElement | null> }) {
  const [shown, setShown] = useState(true);
  const toggle = () => {
    const next = !shown;
    for (const track of Array.from(videoRef.current?.textTracks ?? [])) track.mode = next ? 'showing' : 'hidden';
    setShown(next);
  };
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs font-bold"
      onClick={toggle}
      aria-pressed={shown}
      aria-label="Captions"
      title="Captions (CC)"
    >
      CC
    </button>
  );
}
