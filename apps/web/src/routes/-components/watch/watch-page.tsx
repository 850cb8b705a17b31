import type { Video } from '@stream/proto';
import type { Session } from '@stream/auth';
import type { Transport } from '@connectrpc/connect';
import type { UseQueryResult } from '@tanstack/react-query';
import { RouteLoadError } from '../route-load-error';
import { isUnavailable } from './unavailable-error';
import { VideoUnavailable } from './video-unavailable';
import { WatchFrame } from './watch-frame';
import { WatchQueryView } from './watch-query-view';
import { WatchVideo } from './watch-video';

/** What a watch route (/s/$token, /watch/$id) shows while its loader runs. */
export function WatchPending() {
  return (
    <WatchFrame>
      <p>Loading...</p>
    </WatchFrame>
  );
}

/** What a watch route shows when its loader failed: not available, or the error with a retry. */
export function WatchLoadError({ error }: { error: unknown }) {
  return <WatchFrame>{isUnavailable(error) ? <VideoUnavailable /> : <RouteLoadError error={error} />}</WatchFrame>;
}

/** A watch page's body, whichever way the video was found (a share link's token, or a public id). */
export function WatchPage({
  query,
  transport,
  session,
  shareToken,
}: {
  query: UseQueryResult<Video, unknown>;
  transport: Transport;
  session: Session;
  shareToken?: string;
}) {
  return (
    <WatchFrame>
      <WatchQueryView query={query}>
        {(video) => (
          <WatchVideo
            key={video.id}
            video={video}
            transport={transport}
            session={session}
            {...(shareToken ? { shareToken } : {})}
            refetch={() => void query.refetch()}
          />
        )}
      </WatchQueryView>
    </WatchFrame>
  );
}
