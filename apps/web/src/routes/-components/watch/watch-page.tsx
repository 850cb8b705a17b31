import { useSession, type Session } from '@stream/auth';
import type { Video } from '@stream/proto';
import { LoadError, VideoStage, VideoUnavailable, WatchFrame, WatchVideoView } from '@stream/ui';
import {
  createdAtOf,
  describeVideoError,
  isVideoUnavailable,
  showsTranscript,
  stageOf,
  useRecordView,
} from '@stream/video-api';
import type { Transport } from '@connectrpc/connect';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { startTimeOf } from '../start-time';
import { RouteLoadError } from '../route-load-error';
import { RouterLink } from '../router-link';
import { PlayerArea } from '../player-area';

/** What a watch route (/s/$token, /watch/$id) shows while its loader runs. */
export const WatchPending = () => (
  <WatchFrame LinkComponent={RouterLink}>
    <p>Loading...</p>
  </WatchFrame>
);

/** What a watch or embed route shows when its loader failed: not available, or the error with a retry. */
export const WatchLoadError = ({ error }: { error: unknown }) =>
  isVideoUnavailable(error) ? <VideoUnavailable /> : <RouteLoadError error={error} />;

/** A watch route's failed loader, in the watch page's frame. */
export const FramedWatchLoadError = ({ error }: { error: unknown }) => (
  <WatchFrame LinkComponent={RouterLink}>
    <WatchLoadError error={error} />
  </WatchFrame>
);

/** A watch page (/s/$token, /watch/$id): its body in the page's frame. */
export const WatchPage = (props: WatchBodyProps) => (
  <WatchFrame LinkComponent={RouterLink}>
    <WatchBody {...props} />
  </WatchFrame>
);

export interface WatchBodyProps {
  query: UseQueryResult<Video, unknown>;
  transport: Transport;
  session: Session;
  /** The link's token, when the page was opened by one (/s/{token}, /embed/{token}). */
  shareToken?: string;
  /** The player alone (/embed/{token}). */
  embed?: boolean;
}

/**
 * A watch or embed page's body, whichever way the video was found: loading, not available (also
 * when a link dies while open), failed with Retry, or the video, whose views count.
 */
export function WatchBody({ query, transport, session, shareToken, embed = false }: WatchBodyProps) {
  const { user } = useSession(session);
  const video = query.data;
  const isOwner = user !== null && user.id === video?.userId;
  const views = useRecordView({ video, transport, isOwner, ...(shareToken ? { shareToken } : {}) });
  const [player, setPlayer] = useState<HTMLVideoElement | null>(null);
  // Watch links open at `?t=` too.
  const startAt = startTimeOf((useSearch({ strict: false }) as Record<string, unknown>).t);
  if (query.isPending) return <p>Loading...</p>;
  if (query.isError && (video === undefined || isVideoUnavailable(query.error))) {
    if (isVideoUnavailable(query.error)) return <VideoUnavailable />;
    const { message } = describeVideoError(query.error);
    return <LoadError message={message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  if (!video) return <VideoUnavailable />;
  const stage = (
    <VideoStage
      key={video.id}
      {...stageOf(video)}
      {...views}
      fill={embed}
      startAt={startAt}
      onVideoElement={setPlayer}
      onPlayerError={() => void query.refetch()}
    />
  );
  // The embed fills its frame, whatever its size.
  if (embed) return <div className="h-full w-full">{stage}</div>;
  return (
    <WatchVideoView
      {...video}
      createdAt={createdAtOf(video)}
      stage={
        <PlayerArea
          video={video}
          transport={transport}
          shareToken={shareToken}
          myUid={user?.id}
          isOwner={isOwner}
          signInHref={`/login?redirect=${encodeURIComponent(location.pathname)}`}
          transcript={showsTranscript(video)}
          player={player}
        >
          {stage}
        </PlayerArea>
      }
      editLink={
        isOwner && (
          <Link to="/video/$id" params={{ id: video.id }} className="btn btn-sm">
            Edit
          </Link>
        )
      }
    />
  );
}
