import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { recordViewMutation } from '../videos/mutations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { viewerId } from './viewer-id';
import { recordCallToActionClick } from '../sharing/share-link-client';

/** A view counts after this much playback (or at the end). */
export const VIEW_AFTER_SECONDS = 3;

/**
 * The player's callbacks that record one view per page visit: after 3 s of playback or at the
 * end, never for the owner (the server refuses to count them too). Spread them on `VideoStage`.
 */
export function useRecordView({
  video,
  transport,
  isOwner,
  shareToken,
}: {
  /** Undefined while the page has none (loading, not available). */
  video: Video | undefined;
  transport: Transport;
  isOwner: boolean;
  shareToken?: string;
}) {
  const queryClient = useQueryClient();
  const record = useMutation(recordViewMutation(transport, queryClient));
  // The video whose view this visit recorded: another video on the same page counts again.
  const recorded = useRef<string>(undefined);
  const count = () => {
    if (!video || recorded.current === video.id || isOwner) return;
    recorded.current = video.id;
    record.mutate({ videoId: video.id, viewerId: viewerId(), ...(shareToken ? { shareToken } : {}) });
  };
  return {
    onPlayed: (seconds: number) => {
      if (seconds >= VIEW_AFTER_SECONDS) count();
    },
    onEnded: count,
    // A click on the owner's button counts (never the owner's own, the server says).
    onCallToActionClick: () => {
      if (video && !isOwner)
        void recordCallToActionClick(transport, { videoId: video.id, viewerId: viewerId(), shareToken }).catch(
          () => undefined,
        );
    },
  };
}
