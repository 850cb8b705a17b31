import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { DeleteDialog } from '@stream/ui';
import { deleteVideoMutation } from '@stream/video-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeErrorMessage } from './video-errors';

/** Asks, then deletes through DeleteVideo; the caches drop the video before `onDeleted`. */
export function DeleteVideoDialog({
  video,
  transport,
  onClose,
  onDeleted,
}: {
  video: Video;
  transport: Transport;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation(deleteVideoMutation(transport, queryClient));
  return (
    <DeleteDialog
      title={video.title}
      deleting={remove.isPending}
      error={remove.error ? changeErrorMessage(remove.error) : undefined}
      onCancel={onClose}
      onConfirm={() => remove.mutate({ videoId: video.id }, { onSuccess: onDeleted })}
    />
  );
}
