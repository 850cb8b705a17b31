import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { Transport } from '@connectrpc/connect';
import { type ShareVideoResponse, type Video, Visibility } from '@stream/proto';
import { ShareDialog, type VideoVisibilityLabel } from '@stream/ui';
import { shareVideoMutation, updateVideoMutation } from '@stream/video-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { changeErrorMessage } from './video-errors';
import { visibilityLabel } from './video-props';

const visibilityOf: Record<VideoVisibilityLabel, Visibility> = {
  private: Visibility.PRIVATE,
  shared: Visibility.SHARED,
  public: Visibility.PUBLIC,
};

/**
 * Share on a video: opening it asks ShareVideo for the link (a PRIVATE video becomes SHARED, and
 * the dialog says so); the visibility goes through UpdateVideo, the expiry and Reset link through
 * ShareVideo again.
 */
export function ShareVideoDialog({
  video,
  transport,
  onClose,
}: {
  video: Video;
  transport: Transport;
  onClose: () => void;
}) {
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
  return (
    <ShareDialog
      url={link?.url ?? ''}
      visibility={visibilityLabel(visibility)}
      expiresAt={link?.expiresAt ? timestampDate(link.expiresAt) : undefined}
      madeShared={wasPrivate && link !== undefined}
      busy={share.isPending || update.isPending}
      error={error ? changeErrorMessage(error) : undefined}
      onVisibilityChange={(label) => {
        // The choice shows at once; a refusal puts the previous one back.
        const previous = visibility;
        setVisibility(visibilityOf[label]);
        update.mutate(
          { videoId: video.id, title: video.title, description: video.description, visibility: visibilityOf[label] },
          { onSuccess: (saved) => setVisibility(saved.visibility), onError: () => setVisibility(previous) },
        );
      }}
      onExpiryChange={(seconds) => shareWith({ expireAfterSeconds: BigInt(seconds) })}
      onResetLink={() => shareWith({ newLink: true })}
      onClose={onClose}
    />
  );
}
