import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { TimeSpan } from '../primitives';
import type { AnnotationMark } from './annotation-mark';
import { AnnotationOverlay } from './annotation-overlay';
import { CaptionsButton } from './captions-button';
import type { ChapterMark } from './chapters';
import { FullscreenButton } from './fullscreen-button';
import { type HlsPresentation, useHlsPlayback } from './hls-playback';
import { LoopButton } from './loop-button';
import { PictureInPictureButton } from './picture-in-picture-button';
import { PlayButton } from './play-button';
import { playerKeyHandler } from './player-keys';
import { PlayerStatus } from './player-status';
import { PlayerTimeline } from './player-timeline';
import { browserCanPlayType, preferredSource } from './preferred-source';
import { QualitySelect } from './quality-select';
import { ChapterList } from './seek-extras';
import { SpeedSelect } from './speed-select';
import type { StoryboardSprite } from './storyboard';
import { useFullscreen } from './use-fullscreen';
import { useKeptSpans } from './use-kept-spans';
import { useMediaElement } from './use-media-element';
import { usePlayedSeconds } from './use-played-seconds';
import { VolumeControl } from './volume-control';
import { stepVolume } from './volume';

export interface VideoPlayerProps {
  /** The stream URL (a Range-capable, already-authorised address such as video.url). */
  src: string;
  /** Its MP4 rendition (video.mp4Url), played instead where the browser plays no WebM. */
  mp4Src?: string;
  /**
   * Its HLS presentation (video.hlsUrl and hlsRungs), played first where the browser can (natively,
   * else hls.js loaded on demand), with a Quality menu; `src`/`mp4Src` stay the fallback.
   */
  hls?: HlsPresentation;
  /** Duration measured by the server, used while the file reports none (Infinity or NaN). */
  knownDuration?: number;
  /** Accessible name of the player region. */
  label?: string;
  poster?: string;
  /**
   * The file could not be loaded or played (for example a signed URL that expired). A new `src`
   * given afterwards resumes at the same position, playing if it was.
   */
  onError?: () => void;
  /**
   * Seconds actually played so far (seeks do not count), reported as playback advances; with
   * `onEnded`, what a view counter needs.
   */
  onPlayed?: (seconds: number) => void;
  /** Playback reached the end. */
  onEnded?: () => void;
  /** Marks on the seek bar and a list of buttons that seek there. */
  chapters?: readonly ChapterMark[];
  /** The owner's speed for this video; a speed the viewer chose before wins. */
  defaultRate?: number;
  /** Hover previews of the seek bar. */
  storyboard?: StoryboardSprite;
  /** A WebVTT captions track, shown when given. */
  captionsUrl?: string;
  /** Preview of an edit: playback skips everything outside these spans and stops after the last. */
  keptSpans?: readonly TimeSpan[];
  /**
   * Fill the parent's box (an embed's frame): the video letterboxed in it and the controls
   * over its bottom edge, so nothing falls outside a 640×360 or 320×180 frame.
   */
  fill?: boolean;
  /** Where playback starts, in seconds (a link's `?t=`). */
  startAt?: number;
  /** The <video> element, for what plays along with it (the transcript follows and seeks it). */
  onVideoElement?: (element: HTMLVideoElement | null) => void;
  /** Text callouts, arrows and boxes drawn over the video in their time (blur is never drawn). */
  annotations?: readonly AnnotationMark[];
  /** Laid over the video's box above the annotations (the editor's drawing layer). */
  frameLayer?: ReactNode;
}

/**
 * A custom player over a plain <video>. `preload="metadata"` makes the browser fetch only the
 * header by a Range request and stream the rest as it plays or seeks: it never downloads the whole
 * file first. Nothing plays until the first press of Play.
 *
 * This component only composes: the element's state lives in `useMediaElement`, played time in
 * `usePlayedSeconds`, an edit's preview in `useKeptSpans`, and each control in its own component.
 */
export function VideoPlayer({
  src: recordedSrc,
  mp4Src,
  hls,
  knownDuration,
  label = 'Video player',
  poster,
  onError,
  onPlayed,
  onEnded,
  chapters = [],
  defaultRate,
  storyboard,
  captionsUrl,
  keptSpans,
  fill = false,
  startAt,
  onVideoElement,
  annotations = [],
  frameLayer,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const adaptive = useHlsPlayback(videoRef, hls);
  const src = adaptive.srcOf(preferredSource(recordedSrc, mp4Src, browserCanPlayType));
  const media = useMediaElement(videoRef, {
    src,
    knownDuration,
    streamed: adaptive.active,
    defaultRate,
    startAt,
    onError,
    onEnded,
  });
  const played = usePlayedSeconds(videoRef, onPlayed);
  const keepToSpans = useKeptSpans(videoRef, keptSpans, media.playing);
  const { fullscreen, toggleFullscreen } = useFullscreen(containerRef);
  const [loop, setLoop] = useState(false);
  useEffect(() => {
    onVideoElement?.(videoRef.current);
    return () => onVideoElement?.(null);
  }, [onVideoElement]);

  const onKeyDown = playerKeyHandler({
    togglePlay: media.togglePlay,
    seekBy: media.seekBy,
    stepVolume: (direction) => media.changeVolume(stepVolume(media.volume, direction)),
    toggleMute: media.toggleMute,
    toggleFullscreen,
  });

  // In a small frame (an embed at 320×180) the controls keep to one row over the video: volume
  // (the mute button stays), speed and picture-in-picture give way below 480 px.
  const narrowHidden = fill ? 'max-[480px]:hidden' : '';
  const { onTimeUpdate, onSeeked, ...mediaEvents } = media.events;

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={
        fill
          ? 'relative h-full w-full overflow-hidden bg-black focus-visible:outline-2 focus-visible:outline-primary'
          : 'relative flex w-full flex-col overflow-hidden rounded-box bg-black focus-visible:outline-2 focus-visible:outline-primary'
      }
    >
      <div className={fill ? 'absolute inset-0' : 'relative'}>
        <video
          ref={videoRef}
          loop={loop}
          src={src}
          poster={poster}
          preload="metadata"
          playsInline
          onClick={media.togglePlay}
          {...mediaEvents}
          onTimeUpdate={() => {
            // Played time first: it must see the step before a preview's skip turns it into a jump.
            played.onTimeUpdate();
            onTimeUpdate();
            keepToSpans();
          }}
          onSeeked={() => {
            played.onSeeked();
            onSeeked();
          }}
          className={fill ? 'h-full w-full bg-black object-contain' : 'block aspect-video w-full bg-black'}
        >
          {captionsUrl && <track kind="captions" src={captionsUrl} srcLang="en" label="Captions" default />}
        </video>
        <AnnotationOverlay videoRef={videoRef} marks={annotations} />
        {frameLayer}
      </div>
      <PlayerStatus buffering={media.buffering} error={media.error} fill={fill} />
      <div
        className={
          fill
            ? 'absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-1 bg-base-300/90 px-2 py-1 text-base-content'
            : 'flex flex-wrap items-center gap-2 bg-base-300 px-3 py-2 text-base-content'
        }
      >
        <PlayButton playing={media.playing} onToggle={media.togglePlay} />
        <PlayerTimeline
          currentTime={media.currentTime}
          duration={media.duration}
          chapters={chapters}
          storyboard={storyboard}
          onSeek={media.seekTo}
        />
        <VolumeControl
          volume={media.volume}
          muted={media.muted}
          onToggleMute={media.toggleMute}
          onChange={media.changeVolume}
          sliderClassName={narrowHidden}
        />
        <SpeedSelect rate={media.rate} onChange={media.changeRate} className={narrowHidden} />
        {adaptive.active && hls && (
          <QualitySelect hls={hls} quality={adaptive.quality} onChange={adaptive.setQuality} />
        )}
        <LoopButton loop={loop} onToggle={() => setLoop((on) => !on)} className={narrowHidden} />
        {captionsUrl && <CaptionsButton videoRef={videoRef} />}
        <PictureInPictureButton videoRef={videoRef} className={narrowHidden} />
        <FullscreenButton active={fullscreen} onToggle={toggleFullscreen} />
      </div>
      <ChapterList chapters={chapters} onSeek={media.seekTo} />
    </div>
  );
}
