import { useSession } from '@stream/auth';
import { VideoStage } from '../video-stage';
import { useRecordView } from './use-record-view';
import type { WatchVideoProps } from './watch-video';

/** The player alone (an embed): views count as on the watch page. */
export function EmbeddedPlayer({ video, transport, session, shareToken, refetch }: WatchVideoProps) {
  const { user } = useSession(session);
  const views = useRecordView({
    video,
    transport,
    isOwner: user !== null && user.id === video.userId,
    ...(shareToken ? { shareToken } : {}),
  });
  return (
    <div className="w-full">
      <VideoStage video={video} onPlayerError={refetch} onPlayed={views.onPlayed} onEnded={views.onEnded} />
    </div>
  );
}
