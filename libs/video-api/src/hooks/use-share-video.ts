import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { Transport } from '@connectrpc/connect';
import { type ShareVideoResponse, type Video, Visibility } from '@stream/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { changeErrorMessage } from '../errors/change-error-message';
import { deleteVideoMutation, shareVideoMutation, updateVideoMutation } from '../queries/video-mutations';
import { useCallToActionForm } from '../links/call-to-action';
import { useShareLinks } from '../links/use-share-links';
import { visibilityLabel, visibilityOfLabel, type VideoVisibilityLabel } from '../view/video-view';

/**
 * Share on a video, as `@stream/ui`'s `ShareDialog` props: opening asks ShareVideo for the link (a
 * PRIVATE video becomes SHARED, and `madeShared` says so); the visibility goes through
 * UpdateVideo, masked to it alone (shown at once, put back if refused), the expiry and Reset link
 * through ShareVideo again.
 */
export function useShareVideo(transport: Transport, video: Video) {
  const queryClient = useQueryClient();
  const share = useMutation(shareVideoMutation(transport, queryClient));
  const update = useMutation(updateVideoMutation(transport, queryClient));
  const [link, setLink] = useState<ShareVideoResponse>();
  const [visibility, setVisibility] = useState(video.visibility);
  const [wasPrivate] = useState(video.visibility === Visibility.PRIVATE);
  const started = useRef(false);

  const shareWith = (input: { expireAfterSeconds?: bigint; newLink?: boolean }) =>
    share.mutate(
      { videoId: video.id, ...input },
      {
        onSuccess: (answer) => {
          setLink(answer);
          setVisibility(answer.visibility);
        },
      },
    );

  useEffect(() => {
    // Once per opening (StrictMode runs effects twice; the ref survives).
    if (started.current) return;
    started.current = true;
    shareWith({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, []);

  const error = share.error ?? update.error;
  const url = link?.url ?? '';
  // Issue 28: named links, the gates, and the call to action live in the same dialog.
  const links = useShareLinks(transport, video.id, url);
  const callToAction = useCallToActionForm(transport, video);
  return {
    links,
    callToAction,
    url,
    visibility: visibilityLabel(visibility),
    expiresAt: link?.expiresAt ? timestampDate(link.expiresAt) : undefined,
    madeShared: wasPrivate && link !== undefined,
    busy: share.isPending || update.isPending,
    error: error ? changeErrorMessage(error) : undefined,
    onVisibilityChange: (label: VideoVisibilityLabel) => {
      const previous = visibility;
      setVisibility(visibilityOfLabel[label]);
      // The visibility alone: a title or description from this page's cache could be stale.
      update.mutate(
        { videoId: video.id, visibility: visibilityOfLabel[label] },
        { onSuccess: (saved) => setVisibility(saved.visibility), onError: () => setVisibility(previous) },
      );
    },
    onExpiryChange: (seconds: number) => shareWith({ expireAfterSeconds: BigInt(seconds) }),
    onResetLink: () => shareWith({ newLink: true }),
  };
}

/** Delete on a video, as `@stream/ui`'s `DeleteDialog` props: DeleteVideo; the caches drop the video before `onDeleted`. */
export function useDeleteVideo(transport: Transport, video: Video, onDeleted: () => void) {
  const queryClient = useQueryClient();
  const remove = useMutation(deleteVideoMutation(transport, queryClient));
  return {
    title: video.title,
    deleting: remove.isPending,
    error: remove.error ? changeErrorMessage(remove.error) : undefined,
    onConfirm: () => remove.mutate({ videoId: video.id }, { onSuccess: onDeleted }),
  };
}
