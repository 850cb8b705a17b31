import {
  chaptersFromDescription,
  mergeChapters,
  type ChapterMark,
  type HlsPresentation,
  type StoryboardSprite,
  VideoPlayer,
} from '../player';
import { WithCallToAction } from './with-call-to-action';
import { type CallToActionView, ProcessingProgress, type VideoStatusLabel } from '../primitives';

export interface VideoStageProps {
  status: VideoStatusLabel;
  failureReason?: string;
  /** While PROCESSING, how far it got in percent; 0 or absent: not known yet. */
  processingProgress?: number;
  /** The stream URL; empty while there is no playable file. */
  src: string;
  /** The MP4 rendition, for browsers that play no WebM; absent until it is made. */
  mp4Src?: string;
  /** The HLS presentation (a recording above 720p), played first where the browser can. */
  hls?: HlsPresentation;
  knownDuration?: number;
  poster?: string;
  label: string;
  /** The owner's chapters; time lines of `description` are added to them. */
  chapters?: readonly ChapterMark[];
  description?: string;
  defaultRate?: number;
  storyboard?: StoryboardSprite;
  captionsUrl?: string;
  /** Fill the parent's box, controls over the video (an embed's frame). */
  fill?: boolean;
  /** The player failed: ask for the video again (its signed URL may have expired; a fresh one resumes playback). */
  onPlayerError: () => void;
  onPlayed?: (seconds: number) => void;
  onEnded?: () => void;
  /** Where playback starts (a link's `?t=`). */
  startAt?: number;
  /** The player's <video>, for the transcript beside it. */
  onVideoElement?: (element: HTMLVideoElement | null) => void;
  /** The owner's button, shown over the player at the end or throughout. */
  callToAction?: CallToActionView;
  onCallToActionClick?: () => void;
}

/** Where a video plays: the player once it is READY, else what its status says. */
export function VideoStage({
  status,
  failureReason,
  processingProgress,
  chapters = [],
  description = '',
  onPlayerError,
  callToAction,
  onCallToActionClick,
  ...player
}: VideoStageProps) {
  switch (status) {
    case 'PROCESSING':
      return (
        <div role="status" className="alert alert-warning alert-soft">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          <span className="flex flex-col gap-1">
            <span>This video is still processing. It will play here as soon as it is ready.</span>
            <ProcessingProgress percent={processingProgress} />
          </span>
        </div>
      );
    case 'FAILED':
      return (
        <div role="alert" className="alert alert-error alert-soft flex-col items-start">
          <span>This video could not be processed, so it cannot be played.</span>
          {failureReason && <span className="text-sm opacity-80">Reason: {failureReason}</span>}
        </div>
      );
    default:
      if (!player.src) {
        return (
          <div role="status" className="alert alert-soft">
            This video has no playable file yet.
          </div>
        );
      }
      return (
        <WithCallToAction callToAction={callToAction} onClick={onCallToActionClick} fill={player.fill}>
          {(onEnded) => (
            <VideoPlayer
              {...player}
              onEnded={() => {
                onEnded();
                player.onEnded?.();
              }}
              onError={onPlayerError}
              chapters={mergeChapters(chapters, chaptersFromDescription(description), player.knownDuration ?? 0)}
            />
          )}
        </WithCallToAction>
      );
  }
}
