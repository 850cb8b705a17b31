import { useEffect, useState } from 'react';
import { TranscriptPanel, type TranscriptPanelProps } from './transcript-panel';

export type PlayerTranscriptProps = Omit<TranscriptPanelProps, 'currentTime' | 'onSeek'> & {
  /** The player's <video> (shared by design): the panel follows its time and seeks it. */
  player: HTMLVideoElement | null;
};

/** Moves the player's playback (the element is the player's, shared by design). */
function seek(element: HTMLVideoElement, seconds: number) {
  element.currentTime = seconds;
}

/** The transcript beside a player: the line playing follows the player; a click on a line seeks it. */
export function PlayerTranscript({ player, ...panel }: PlayerTranscriptProps) {
  const [time, setTime] = useState(0);
  useEffect(() => {
    if (!player) return;
    const sync = () => setTime(player.currentTime);
    sync();
    player.addEventListener('timeupdate', sync);
    player.addEventListener('seeked', sync);
    return () => {
      player.removeEventListener('timeupdate', sync);
      player.removeEventListener('seeked', sync);
    };
  }, [player]);
  return (
    <TranscriptPanel
      {...panel}
      currentTime={time}
      onSeek={(seconds) => {
        if (!player) return;
        seek(player, seconds);
        setTime(seconds);
      }}
    />
  );
}
