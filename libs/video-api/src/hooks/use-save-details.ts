import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeErrorMessage } from '../errors/change-error-message';
import { updateVideoMutation } from '../queries/video-mutations';

/**
 * The owner's title and description (`@stream/ui`'s `VideoEditor` `onSave`): UpdateVideo, keeping
 * the visibility; a refusal rejects with the server's rule or the usual sentence.
 */
export function useSaveDetails(transport: Transport) {
  const queryClient = useQueryClient();
  const update = useMutation(updateVideoMutation(transport, queryClient));
  return async (video: Video, changes: { title: string; description: string }) => {
    try {
      await update.mutateAsync({ videoId: video.id, ...changes, visibility: video.visibility });
    } catch (error) {
      throw new Error(changeErrorMessage(error));
    }
  };
}
