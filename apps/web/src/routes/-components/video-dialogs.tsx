import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { DeleteDialog, ShareDialog } from '@stream/ui';
import { useDeleteVideo, useShareVideo } from '@stream/video-api';

interface DialogProps {
  video: Video;
  transport: Transport;
  onClose: () => void;
}

/** Share on a video: ShareVideo when it opens, UpdateVideo for the visibility, ShareVideo for expiry and Reset link. */
export const ShareVideoDialog = ({ video, transport, onClose }: DialogProps) => (
  <ShareDialog {...useShareVideo(transport, video)} onClose={onClose} />
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
