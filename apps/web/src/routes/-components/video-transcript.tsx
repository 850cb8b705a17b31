import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { PlayerTranscript } from '@stream/ui';
import { useTranscript } from '@stream/video-api';

/** The transcript beside the player, loaded only on a video's page. */
export default function VideoTranscript(props: {
  video: Video;
  transport: Transport;
  isOwner: boolean;
  shareToken?: string;
  player: HTMLVideoElement | null;
}) {
  const { video, transport } = props;
  const transcript = useTranscript(transport, video, { isOwner: props.isOwner, shareToken: props.shareToken });
  return <PlayerTranscript {...transcript} player={props.player} fileName={video.title || 'transcript'} />;
}
