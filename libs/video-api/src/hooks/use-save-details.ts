import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeErrorMessage } from '../errors/change-error-message';
import { updateVideoMutation } from '../videos/mutations';

/**
 * The owner's title and description (`@stream/ui`'s `VideoEditor` `onSave`): UpdateVideo of those
 * of the two that differ from `video` (what the editor opened with), masked to them, so another
 * tab's visibility or description change is not put back from this page's cache. Nothing changed
 * sends nothing; a refusal rejects with the server's rule or the usual sentence.
 */
export function useSaveDetails(transport: Transport) {
  const queryClient = useQueryClient();
  const update = useMutation(updateVideoMutation(transport, queryClient));
  return async (video: Video, changes: { title: string; description: string }) => {
    const changed = {
      ...(changes.title !== video.title && { title: changes.title }),
      ...(changes.description !== video.description && { description: changes.description }),
    };
    if (Object.keys(changed).length === 0) return;
    try {
      await update.mutateAsync({ videoId: video.id, ...changed });
    } catch (error) {
      throw new Error(changeErrorMessage(error));
    }
  };
}
