import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type TimeSpan, previewPosition } from '../editor/kept-ranges';
import type { AnnotationMark } from './annotation-mark';
import { AnnotationOverlay } from './annotation-overlay';
import type { ChapterMark } from './chapters';
import { formatDuration, formatTime } from './format-time';
import { type HlsPresentation, qualityChoices, useHlsPlayback } from './hls-playback';
import { browserCanPlayType, preferredSource } from './preferred-source';
import { PLAYBACK_RATES, clampPlaybackRate } from './playback-rate';
import { rememberRate, rememberedRate, startingRate } from './remembered-rate';
import { ChapterList, ChapterMarks, HoverPreview } from './seek-extras';
import type { StoryboardSprite } from './storyboard';
import { FullscreenIcon, PauseIcon, PlayIcon, VolumeIcon } from './player-icons';
import { type PlayerAction, keyTargetOf, playerActionForKey } from './player-keys';
import { clampSeek, resolveDuration, resolveStreamedDuration } from './resolve-duration';
import { VOLUME_MAX, VOLUME_MIN, VOLUME_START, VOLUME_STEP, clampVolume, stepVolume } from './volume';

export interface VideoPlayerProps {
  /** The stream URL (a Range-capable, already-authorised address such as video.url). */
  src: string;
  /** Its MP4 rendition (video.mp4Url), played instead where the browser plays no WebM (issue 29). */
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
   * Fill the parent's box (an embed's frame, issue 29): the video letterboxed in it and the controls
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
  const adaptive = useHlsPlayback(videoRef, hls);
  const src = adaptive.srcOf(preferredSource(recordedSrc, mp4Src, browserCanPlayType));
  const containerRef = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [elementDuration, setElementDuration] = useState(Number.NaN);
  const [volume, setVolume] = useState(VOLUME_START);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(() => startingRate(defaultRate, rememberedRate()));
  const [hover, setHover] = useState<{ time: number; fraction: number }>();
  const canPip = typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
  const [fullscreen, setFullscreen] = useState(false);
  const [error, setError] = useState<string>();
  const [buffering, setBuffering] = useState(false);
  const [captionsOn, setCaptionsOn] = useState(true);
  const [loop, setLoop] = useState(false);
  useEffect(() => {
    onVideoElement?.(videoRef.current);
    return () => onVideoElement?.(null);
  }, [onVideoElement]);
  const toggleCaptions = useCallback(() => {
    const tracks = Array.from(videoRef.current?.textTracks ?? []);
    setCaptionsOn((on) => {
      for (const track of tracks) track.mode = on ? 'hidden' : 'showing';
      return !on;
    });
  }, []);

  const duration = (adaptive.active ? resolveStreamedDuration : resolveDuration)(elementDuration, knownDuration);
  // In a small frame (an embed at 320×180) the controls keep to one row over the video: volume
  // (the mute button stays), speed and picture-in-picture give way below 480 px.
  const narrowHidden = fill ? 'max-[480px]:hidden' : '';

  // Where playback was, so a replaced src (a refreshed signed URL) picks up there.
  const position = useRef({ time: 0, playing: false });
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);
  const lastSrc = useRef(src);
  useLayoutEffect(() => {
    if (lastSrc.current === src) return;
    lastSrc.current = src;
    resumeAt.current = { ...position.current };
  }, [src]);

  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement === containerRef.current && containerRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!video.paused && !video.ended) {
      video.pause();
      return;
    }
    setError(undefined);
    const started = video.play();
    // Older engines return undefined; a pause() racing the start rejects with AbortError, which is fine.
    started?.catch((reason: unknown) => {
      if (reason instanceof DOMException && reason.name === 'AbortError') return;
      setPlaying(false);
      setError('Playback could not start. Press play to try again.');
    });
  }, []);

  const seekTo = useCallback(
    (target: number) => {
      const video = videoRef.current;
      if (!video) return;
      const time = clampSeek(target, duration);
      video.currentTime = time;
      setCurrentTime(time);
    },
    [duration],
  );

  const changeVolume = useCallback((next: number) => {
    const video = videoRef.current;
    if (!video) return;
    const value = clampVolume(next);
    video.volume = value;
    video.muted = value === 0 ? video.muted : false;
    setVolume(value);
    setMuted(video.muted);
  }, []);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  }, []);

  const changeRate = useCallback((next: number) => {
    const video = videoRef.current;
    if (!video) return;
    const value = clampPlaybackRate(next);
    video.playbackRate = value;
    video.defaultPlaybackRate = value;
    setRate(value);
    rememberRate(value);
  }, []);

  const togglePictureInPicture = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture().catch(() => undefined);
  }, []);

  // An edit's preview: jump over what it removes and stop after the last kept span.
  const keepToSpans = () => {
    const video = videoRef.current;
    if (!video || !keptSpans || keptSpans.length === 0 || video.seeking) return;
    const next = previewPosition(keptSpans, video.currentTime);
    if (next === 'end') {
      if (!video.paused) video.pause();
    } else if (next - video.currentTime > 0.01) video.currentTime = next;
  };
  useEffect(() => {
    if (!playing || !keptSpans?.length) return;
    let frame = requestAnimationFrame(function check() {
      keepToSpans();
      frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  });

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void container.requestFullscreen?.().catch(() => undefined);
  }, []);

  const perform = (action: PlayerAction) => {
    switch (action.type) {
      case 'toggle-play':
        return togglePlay();
      case 'seek-by':
        return seekTo((videoRef.current?.currentTime ?? currentTime) + action.seconds);
      case 'volume-step':
        return changeVolume(stepVolume(volume, action.direction));
      case 'toggle-mute':
        return toggleMute();
      case 'toggle-fullscreen':
        return toggleFullscreen();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = playerActionForKey(event.key, keyTargetOf(event.target), {
      ctrl: event.ctrlKey,
      meta: event.metaKey,
      alt: event.altKey,
    });
    if (!action) return;
    event.preventDefault();
    perform(action);
  };

  // Played time: the small steps of timeupdate while playing (a seek is a jump, or happens paused).
  const played = useRef({ total: 0, last: 0 });
  const countPlayed = () => {
    const video = videoRef.current;
    if (!video) return;
    const step = video.currentTime - played.current.last;
    played.current.last = video.currentTime;
    if (video.paused || video.seeking || step <= 0 || step > 1.5) return;
    played.current.total += step;
    onPlayed?.(played.current.total);
  };

  const syncTime = () => {
    const time = videoRef.current?.currentTime ?? 0;
    if (!resumeAt.current) position.current.time = time;
    setCurrentTime(time);
  };
  const syncDuration = () => setElementDuration(videoRef.current?.duration ?? Number.NaN);
  const onLoadedMetadata = () => {
    syncDuration();
    const resume = resumeAt.current;
    const video = videoRef.current;
    if (video) {
      video.defaultPlaybackRate = rate;
      video.playbackRate = rate;
    }
    // A link's start time, once: a replaced src resumes where it was instead.
    if (!resume && video && startAt && startAt > 0 && position.current.time === 0) {
      video.currentTime = startAt;
      setCurrentTime(startAt);
    }
    if (!resume || !video) return;
    resumeAt.current = null;
    if (resume.time > 0) {
      video.currentTime = resume.time;
      setCurrentTime(resume.time);
    }
    if (resume.playing) togglePlay();
  };

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
          onClick={togglePlay}
          onPlay={() => {
            position.current.playing = true;
            setPlaying(true);
          }}
          onPause={() => {
            if (!resumeAt.current) position.current.playing = false;
            setPlaying(false);
          }}
          onEnded={() => {
            position.current.playing = false;
            setPlaying(false);
            onEnded?.();
          }}
          onWaiting={() => setBuffering(true)}
          onPlaying={() => setBuffering(false)}
          onCanPlay={() => setBuffering(false)}
          onTimeUpdate={() => {
            countPlayed();
            syncTime();
            keepToSpans();
          }}
          onSeeked={() => {
            played.current.last = videoRef.current?.currentTime ?? 0;
            syncTime();
          }}
          onLoadedMetadata={onLoadedMetadata}
          onDurationChange={syncDuration}
          onVolumeChange={() => {
            const video = videoRef.current;
            if (!video) return;
            setVolume(clampVolume(video.volume));
            setMuted(video.muted);
          }}
          onRateChange={() => setRate(videoRef.current?.playbackRate ?? 1)}
          onError={() => {
            setPlaying(false);
            setBuffering(false);
            setError('This video could not be played.');
            onError?.();
          }}
          className={fill ? 'h-full w-full bg-black object-contain' : 'block aspect-video w-full bg-black'}
        >
          {captionsUrl && <track kind="captions" src={captionsUrl} srcLang="en" label="Captions" default />}
        </video>
        <AnnotationOverlay videoRef={videoRef} marks={annotations} />
        {frameLayer}
      </div>
      {buffering && (
        <span
          role="status"
          aria-label="Buffering"
          className="loading loading-spinner loading-lg pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 text-white"
        />
      )}
      {error && (
        <p
          role="alert"
          className={`bg-error px-3 py-1 text-sm text-error-content ${fill ? 'absolute inset-x-0 top-0' : ''}`}
        >
          {error}
        </p>
      )}
      <div
        className={
          fill
            ? 'absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-1 bg-base-300/90 px-2 py-1 text-base-content'
            : 'flex flex-wrap items-center gap-2 bg-base-300 px-3 py-2 text-base-content'
        }
      >
        <ControlButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </ControlButton>
        <div
          className="relative flex min-w-24 flex-1 items-center"
          onMouseMove={(event) => {
            if (!storyboard || !(duration > 0)) return;
            const box = event.currentTarget.getBoundingClientRect();
            const fraction = box.width > 0 ? Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) : 0;
            setHover({ time: fraction * duration, fraction });
          }}
          onMouseLeave={() => setHover(undefined)}
        >
          <input
            type="range"
            aria-label="Seek"
            className="range range-xs range-primary w-full"
            min={0}
            max={duration || 0}
            step="any"
            value={Math.min(currentTime, duration || currentTime)}
            aria-valuetext={`${formatTime(currentTime)} of ${formatDuration(duration)}`}
            disabled={duration <= 0}
            onChange={(event) => seekTo(Number(event.target.value))}
          />
          <ChapterMarks chapters={chapters} duration={duration} />
          {hover && storyboard && <HoverPreview sprite={storyboard} time={hover.time} fraction={hover.fraction} />}
        </div>
        <span className="font-mono text-xs tabular-nums" data-testid="player-time">
          {formatTime(currentTime)} / {formatDuration(duration)}
        </span>
        <ControlButton label={muted ? 'Unmute' : 'Mute'} onClick={toggleMute}>
          <VolumeIcon muted={muted || volume === 0} />
        </ControlButton>
        <input
          type="range"
          aria-label="Volume"
          className={`range range-xs w-20 ${narrowHidden}`}
          min={VOLUME_MIN}
          max={VOLUME_MAX}
          step={VOLUME_STEP}
          value={muted ? 0 : volume}
          onChange={(event) => changeVolume(Number(event.target.value))}
        />
        <select
          aria-label="Playback speed"
          className={`select select-xs w-20 ${narrowHidden}`}
          value={rate}
          onChange={(event) => changeRate(Number(event.target.value))}
        >
          {PLAYBACK_RATES.map((r) => (
            <option key={r} value={r}>
              {r}×
            </option>
          ))}
        </select>
        {adaptive.active && hls && (
          <select
            aria-label="Quality"
            className="select select-xs w-20"
            value={adaptive.quality}
            onChange={(event) => adaptive.setQuality(Number(event.target.value))}
          >
            {qualityChoices(hls).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
        <button
          type="button"
          className={`btn btn-ghost btn-xs ${narrowHidden}`}
          onClick={() => setLoop((on) => !on)}
          aria-pressed={loop}
        >
          Loop
        </button>
        {captionsUrl && (
          <button
            type="button"
            className="btn btn-ghost btn-xs font-bold"
            onClick={toggleCaptions}
            aria-pressed={captionsOn}
            aria-label="Captions"
            title="Captions (CC)"
          >
            CC
          </button>
        )}
        {canPip && (
          <button type="button" className={`btn btn-ghost btn-xs ${narrowHidden}`} onClick={togglePictureInPicture}>
            Picture-in-picture
          </button>
        )}
        <ControlButton label={fullscreen ? 'Exit fullscreen' : 'Enter fullscreen'} onClick={toggleFullscreen}>
          <FullscreenIcon active={fullscreen} />
        </ControlButton>
      </div>
      <ChapterList chapters={chapters} onSeek={seekTo} />
    </div>
  );
}

/** A square icon button of the control bar, named for screen readers by `label`. */
function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="btn btn-ghost btn-sm btn-square" onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}
