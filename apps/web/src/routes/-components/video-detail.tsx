import { Status, type Video } from '@stream/proto';
import { LoadError, VideoPlayer, formatVideoDate } from '@stream/ui';
import { describeVideoError, getVideoQuery, isVideoNotFound, refetchWhileProcessing } from '@stream/video-api';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { createdAtOf } from './video-props';

const route = getRouteApi('/_authed/video/$id');

/**
 * One video: title, player, description and upload date. The route's loader has it in the cache;
 * a PROCESSING one is asked for again until it is done.
 */
export function VideoDetail({ videoId }: { videoId: string }) {
  const { transport } = route.useRouteContext();
  const query = useQuery({ ...getVideoQuery(transport, videoId), refetchInterval: (q) => refetchWhileProcessing(q.state.data) });

  if (query.isPending) return <p>Loading...</p>;
  if (query.isError && query.data === undefined) {
    if (isVideoNotFound(query.error)) return <VideoNotFound />;
    return <LoadError message={describeVideoError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  const video = query.data;
  if (!video) return <VideoNotFound />;

  return (
    <article className="flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-bold break-words">{video.title || 'Untitled video'}</h1>
      <VideoStage video={video} onPlayerError={() => void query.refetch()} />
      {video.description && <p className="whitespace-pre-line text-base-content/80">{video.description}</p>}
      <p className="text-sm text-base-content/60">Uploaded on {formatVideoDate(createdAtOf(video))}</p>
    </article>
  );
}

/** `onPlayerError` asks for the video again: its signed URL may have expired, and a fresh one resumes playback. */
function VideoStage({ video, onPlayerError }: { video: Video; onPlayerError: () => void }) {
  switch (video.status) {
    case Status.PROCESSING:
      return (
        <div role="status" className="alert alert-warning alert-soft">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          <span>This video is still processing. It will play here as soon as it is ready.</span>
        </div>
      );
    case Status.FAILED:
      return (
        <div role="alert" className="alert alert-error alert-soft flex-col items-start">
          <span>This video could not be processed, so it cannot be played.</span>
          {video.failureReason && <span className="text-sm opacity-80">Reason: {video.failureReason}</span>}
        </div>
      );
    default:
      if (!video.url) {
        return (
          <div role="status" className="alert alert-soft">
            This video has no playable file yet.
          </div>
        );
      }
      return (
        <VideoPlayer
          src={video.url}
          knownDuration={video.durationSeconds || undefined}
          poster={video.thumbnailUrl || undefined}
          label={video.title || 'Video player'}
          onError={onPlayerError}
        />
      );
  }
}

export function VideoNotFound() {
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">Video not found</h1>
      <p className="text-base-content/70">It may have been deleted, or it belongs to someone else.</p>
      <Link to="/videos" className="btn btn-sm">
        Back to Videos
      </Link>
    </div>
  );
}
