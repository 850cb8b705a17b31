import { Status, type Video } from '@stream/proto';
import { VideoPlayer } from '@stream/ui';
import { playerExtras } from './player-extras';

/** `onPlayerError` asks for the video again: its signed URL may have expired, and a fresh one resumes playback. */
export function VideoStage({
  video,
  onPlayerError,
  onPlayed,
  onEnded,
}: {
  video: Video;
  onPlayerError: () => void;
  onPlayed?: (seconds: number) => void;
  onEnded?: () => void;
}) {
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
          onPlayed={onPlayed}
          onEnded={onEnded}
          {...playerExtras(video)}
        />
      );
  }
}
