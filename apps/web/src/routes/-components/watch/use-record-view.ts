import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { recordViewMutation } from '@stream/video-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { viewerId } from './viewer-id';

/** A view counts after this much playback (or at the end). */
export const VIEW_AFTER_SECONDS = 3;

/**
 * The player's callbacks that record one view per page visit: after 3 s of playback or at the
 * end, never for the owner (the server refuses to count them too).
 */
export function useRecordView({
  video,
  transport,
  isOwner,
  shareToken,
}: {
  video: Video;
  transport: Transport;
  isOwner: boolean;
  shareToken?: string;
}) {
  const queryClient = useQueryClient();
  const record = useMutation(recordViewMutation(transport, queryClient));
  const recorded = useRef(false);
  const count = () => {
    if (recorded.current || isOwner) return;
    recorded.current = true;
    record.mutate({ videoId: video.id, viewerId: viewerId(), ...(shareToken ? { shareToken } : {}) });
  };
  return {
    onPlayed: (seconds: number) => {
      if (seconds >= VIEW_AFTER_SECONDS) count();
    },
    onEnded: count,
  };
}
