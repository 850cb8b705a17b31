import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { DeleteDialog, MoveToTeamDialog, ShareDialog } from '@stream/ui';
import { useDeleteVideo, useMoveToTeam, useShareVideo } from '@stream/video-api';
import { useState } from 'react';

interface DialogProps {
  video: Video;
  transport: Transport;
  onClose: () => void;
}

/** Share on a video: opening only reads the link; UpdateVideo for the visibility, ShareVideo for expiry and Reset link. */
export function ShareVideoDialog({ video, transport, onClose }: DialogProps) {
  const share = useShareVideo(transport, video);
  const [moving, setMoving] = useState(false);
  if (moving)
    return (
      <MoveToTeamVideosDialog videoIds={[video.id]} current={video.teamId} transport={transport} onClose={onClose} />
    );
  return <ShareDialog {...share} inTeam={video.teamId !== ''} onMoveToTeam={() => setMoving(true)} onClose={onClose} />;
}

/** "Move to team" of one video or several: MoveVideoToTeam for each. */
export const MoveToTeamVideosDialog = (props: {
  videoIds: string[];
  current: string;
  transport: Transport;
  onClose: () => void;
  outOnly?: boolean;
}) => (
  <MoveToTeamDialog
    {...useMoveToTeam(props.transport, props.videoIds, props.current, props.onClose, { outOnly: props.outOnly })}
    onCancel={props.onClose}
  />
);

/** Asks, then deletes through DeleteVideo; the caches drop the video before `onDeleted`. */
export const DeleteVideoDialog = ({
  video,
  transport,
  onClose,
  onDeleted,
}: DialogProps & { onDeleted: () => void }) => (
  <DeleteDialog {...useDeleteVideo(transport, video, onDeleted)} onCancel={onClose} />
);
