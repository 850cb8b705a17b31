import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { TranscriptPanel } from '@stream/ui';
import { useTranscript } from '@stream/video-api';
import { useEffect, useState } from 'react';

/** Moves the player's playback (the element is the player's, shared by design). */
function seek(element: HTMLVideoElement, seconds: number) {
  element.currentTime = seconds;
}

/**
 * The transcript beside the player (issue 30), loaded only on a video's page: it follows the
 * player's <video> and seeks it.
 */
export default function VideoTranscript(props: {
  video: Video;
  transport: Transport;
  isOwner: boolean;
  shareToken?: string;
  player: HTMLVideoElement | null;
}) {
  const { video, transport, player } = props;
  const transcript = useTranscript(transport, video, { isOwner: props.isOwner, shareToken: props.shareToken });
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
      {...transcript}
      currentTime={time}
      onSeek={(seconds) => {
        if (!player) return;
        seek(player, seconds);
        setTime(seconds);
      }}
      fileName={video.title || 'transcript'}
    />
  );
}
