import type { Transport } from '@connectrpc/connect';
import { useEffect, useRef, type RefObject } from 'react';
import { viewerId } from '../hooks/viewer-id';
import { conversationClient, conversationHeaders } from './follow-conversation';

/** The ranges a media element has played, as the beacon sends them. */
export function playedRanges(played: TimeRanges): { startSeconds: number; endSeconds: number }[] {
  const ranges = [];
  for (let index = 0; index < played.length && ranges.length < 100; index++) {
    const startSeconds = played.start(index);
    const endSeconds = played.end(index);
    if (endSeconds > startSeconds) ranges.push({ startSeconds, endSeconds });
  }
  return ranges;
}

const newSessionId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Playback beacons for insights: on pause, at the end, when the page is hidden and when the player
 * leaves the page, what the player inside `container` has played so far in this page (one
 * session), if it changed. Never for the owner. Media events do not bubble: they are caught on the way down.
 */
export function usePlaybackBeacons({
  container,
  transport,
  videoId,
  shareToken,
  isOwner,
}: {
  container: RefObject<HTMLElement | null>;
  transport: Transport;
  videoId: string;
  shareToken?: string;
  isOwner: boolean;
}) {
  const session = useRef(newSessionId());
  const lastSent = useRef('');
  useEffect(() => {
    const root = container.current;
    if (!root || isOwner) return;
    const client = conversationClient(transport);
    const send = () => {
      const video = root.querySelector('video');
      if (!video) return;
      const ranges = playedRanges(video.played);
      const sent = JSON.stringify(ranges);
      if (ranges.length === 0 || sent === lastSent.current) return;
      lastSent.current = sent;
      void client
        .recordPlayback(
          { videoId, viewerId: viewerId(), sessionId: session.current, ranges },
          { headers: conversationHeaders(shareToken) },
        )
        .catch(() => undefined);
    };
    const onHidden = () => document.visibilityState === 'hidden' && send();
    root.addEventListener('pause', send, true);
    root.addEventListener('ended', send, true);
    window.addEventListener('pagehide', send);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      // Leaving the page inside the app (a link, Back) unmounts the player with no pause event.
      send();
      root.removeEventListener('pause', send, true);
      root.removeEventListener('ended', send, true);
      window.removeEventListener('pagehide', send);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [container, transport, videoId, shareToken, isOwner]);
}
