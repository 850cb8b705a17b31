import type { Transport } from '@connectrpc/connect';
import type { Video } from '@stream/proto';
import { useSession, type Session } from '@stream/auth';
import { formatVideoDate } from '@stream/ui';
import { Link } from '@tanstack/react-router';
import { createdAtOf } from '../video-props';
import { VideoStage } from '../video-stage';
import { useRecordView } from './use-record-view';

export interface WatchVideoProps {
  video: Video;
  transport: Transport;
  session: Session;
  /** The link's token, when the page was opened by one (/s/{token}). */
  shareToken?: string;
  /** Ask for the video again (a signed URL that expired). */
  refetch: () => void;
}

/** The watch page's content: title, the app's player, description, the owner's name and the date; Edit for the owner. */
export function WatchVideo({ video, transport, session, shareToken, refetch }: WatchVideoProps) {
  const { user } = useSession(session);
  const isOwner = user !== null && user.id === video.userId;
  const views = useRecordView({ video, transport, isOwner, ...(shareToken ? { shareToken } : {}) });
  return (
    <article className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold break-words">{video.title || 'Untitled video'}</h1>
        {isOwner && (
          <Link to="/video/$id" params={{ id: video.id }} className="btn btn-sm">
            Edit
          </Link>
        )}
      </div>
      <VideoStage video={video} onPlayerError={refetch} onPlayed={views.onPlayed} onEnded={views.onEnded} />
      {video.description && <p className="whitespace-pre-line text-base-content/80">{video.description}</p>}
      <p className="text-sm text-base-content/60">
        {video.ownerName && <span>{video.ownerName} · </span>}
        <span>{formatVideoDate(createdAtOf(video))}</span>
      </p>
    </article>
  );
}
