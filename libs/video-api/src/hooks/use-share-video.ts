import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { Transport } from '@connectrpc/connect';
import { type ShareVideoResponse, type Video, Visibility } from '@stream/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { changeErrorMessage } from '../errors/change-error-message';
import { deleteVideoMutation, shareVideoMutation, updateVideoMutation } from '../videos/mutations';
import { useCallToActionForm } from '../sharing/call-to-action';
import { useShareLinks } from '../sharing/use-share-links';
import { listShareLinksQuery } from '../sharing/queries';
import { visibilityLabel, visibilityOfLabel, type VideoVisibilityLabel } from '../view/video-view';

/**
 * Share on a video, as `@stream/ui`'s `ShareDialog` props. Opening only reads (ListShareLinks'
 * main link and its expiry): who can watch changes when the person chooses, never by opening. The
 * visibility goes through UpdateVideo, masked to it alone (shown at once, put back if refused); a
 * choice other than Private on a video with no link yet then mints one. The expiry and Reset link
 * go through ShareVideo with `keepVisibility`, so they never open a private video either.
 */
export function useShareVideo(transport: Transport, video: Video) {
  const queryClient = useQueryClient();
  const share = useMutation(shareVideoMutation(transport, queryClient));
  const update = useMutation(updateVideoMutation(transport, queryClient));
  const main = useQuery({
    ...listShareLinksQuery(transport, video.id),
    select: (answer) => answer.links.find((link) => link.id === 'main') ?? null,
  });
  const [link, setLink] = useState<ShareVideoResponse>();
  const [visibility, setVisibility] = useState(video.visibility);

  const shareWith = (input: { expireAfterSeconds?: bigint; newLink?: boolean }) =>
    share.mutate(
      { videoId: video.id, keepVisibility: true, ...input },
      {
        onSuccess: (answer) => {
          setLink(answer);
          setVisibility(answer.visibility);
        },
      },
    );

  // A video anyone may already watch but without a link yet (an upload under a default of Shared
  // or Public): its link is made, which changes no one's access. A private video gets none here.
  const minted = useRef(false);
  const noLink = main.data === null && link === undefined && video.visibility !== Visibility.PRIVATE;
  useEffect(() => {
    if (!noLink || minted.current) return;
    minted.current = true;
    shareWith({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the read says there is no link
  }, [noLink]);

  const url = link?.url ?? main.data?.url ?? '';
  const expiresAt = link ? link.expiresAt : main.data?.expiresAt;
  const error = share.error ?? update.error ?? main.error;
  // Named links, the gates, and the call to action live in the same dialog.
  const links = useShareLinks(transport, video.id, url);
  const callToAction = useCallToActionForm(transport, video);
  return {
    links,
    callToAction,
    url,
    /** The link is still being read: the dialog says so rather than "no link yet". */
    loading: main.isPending,
    visibility: visibilityLabel(visibility),
    expiresAt: expiresAt ? timestampDate(expiresAt) : undefined,
    busy: share.isPending || update.isPending,
    error: error ? changeErrorMessage(error) : undefined,
    onVisibilityChange: (label: VideoVisibilityLabel) => {
      const previous = visibility;
      setVisibility(visibilityOfLabel[label]);
      // The visibility alone: a title or description from this page's cache could be stale.
      update.mutate(
        { videoId: video.id, visibility: visibilityOfLabel[label] },
        {
          onSuccess: (saved) => {
            setVisibility(saved.visibility);
            if (url === '' && saved.visibility !== Visibility.PRIVATE) shareWith({});
          },
          onError: () => setVisibility(previous),
        },
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
