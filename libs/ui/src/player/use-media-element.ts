import { type RefObject, useCallback, useState } from 'react';
import { clampPlaybackRate } from './playback-rate';
import { rememberRate, rememberedRate, startingRate } from './remembered-rate';
import { clampSeek, resolveDuration, resolveStreamedDuration } from './resolve-duration';
import { useResumePosition } from './use-resume-position';
import { VOLUME_START, clampVolume } from './volume';

export interface MediaElementOptions {
  /** The `src` the element plays: a new one resumes where the old one was. */
  src: string | undefined;
  /** Duration measured by the server, used while the element reports none (Infinity or NaN). */
  knownDuration?: number;
  /** An HLS presentation plays: the element's duration is only what it has read of the playlists. */
  streamed?: boolean;
  /** The owner's speed for this video; a speed the viewer chose before wins. */
  defaultRate?: number;
  /** Where the first file starts, in seconds. */
  startAt?: number;
  onError?: () => void;
  onEnded?: () => void;
}

const PLAY_FAILED = 'Playback could not start. Press play to try again.';
const LOAD_FAILED = 'This video could not be played.';

/**
 * The state of the <video> in `videoRef` as React state (playing, time, duration, volume, mute,
 * speed, buffering, error) and the actions that change it. The element stays the source of truth:
 * actions write to it, and `events`, spread on the element, read it back.
 */
export function useMediaElement(
  videoRef: RefObject<HTMLVideoElement | null>,
  { src, knownDuration, streamed = false, defaultRate, startAt, onError, onEnded }: MediaElementOptions,
) {
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [elementDuration, setElementDuration] = useState(Number.NaN);
  const [volume, setVolume] = useState(VOLUME_START);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(() => startingRate(defaultRate, rememberedRate()));
  const [error, setError] = useState<string>();
  const [buffering, setBuffering] = useState(false);
  const resume = useResumePosition(src);

  const duration = (streamed ? resolveStreamedDuration : resolveDuration)(elementDuration, knownDuration);

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
      setError(PLAY_FAILED);
    });
  }, [videoRef]);

  const seekTo = useCallback(
    (target: number) => {
      const video = videoRef.current;
      if (!video) return;
      const time = clampSeek(target, duration);
      video.currentTime = time;
      setCurrentTime(time);
    },
    [videoRef, duration],
  );

  /** From where the element is now: a key held down outruns the timeupdates that set `currentTime`. */
  const seekBy = useCallback(
    (seconds: number) => seekTo((videoRef.current?.currentTime ?? currentTime) + seconds),
    [videoRef, seekTo, currentTime],
  );

  const changeVolume = useCallback(
    (next: number) => {
      const video = videoRef.current;
      if (!video) return;
      const value = clampVolume(next);
      video.volume = value;
      video.muted = value === 0 ? video.muted : false;
      setVolume(value);
      setMuted(video.muted);
    },
    [videoRef],
  );

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  }, [videoRef]);

  const changeRate = useCallback(
    (next: number) => {
      const video = videoRef.current;
      if (!video) return;
      const value = clampPlaybackRate(next);
      video.playbackRate = value;
      video.defaultPlaybackRate = value;
      setRate(value);
      rememberRate(value);
    },
    [videoRef],
  );

  const syncTime = () => {
    const time = videoRef.current?.currentTime ?? 0;
    resume.timeChanged(time);
    setCurrentTime(time);
  };
  const syncDuration = () => setElementDuration(videoRef.current?.duration ?? Number.NaN);

  /** Handlers for the element's own events; spread them on the <video>. */
  const events = {
    onPlay() {
      resume.played();
      setPlaying(true);
    },
    onPause() {
      resume.paused();
      setPlaying(false);
    },
    onEnded() {
      resume.ended();
      setPlaying(false);
      onEnded?.();
    },
    onWaiting: () => setBuffering(true),
    onPlaying: () => setBuffering(false),
    onCanPlay: () => setBuffering(false),
    onTimeUpdate: syncTime,
    onSeeked: syncTime,
    onDurationChange: syncDuration,
    onLoadedMetadata() {
      syncDuration();
      const video = videoRef.current;
      if (!video) return;
      // A new file starts at the speed shown, not the element's default of 1×.
      video.defaultPlaybackRate = rate;
      video.playbackRate = rate;
      const start = resume.startPoint(startAt);
      if (!start) return;
      if (start.time !== undefined) {
        video.currentTime = start.time;
        setCurrentTime(start.time);
      }
      if (start.play) togglePlay();
    },
    onVolumeChange() {
      const video = videoRef.current;
      if (!video) return;
      setVolume(clampVolume(video.volume));
      setMuted(video.muted);
    },
    onRateChange: () => setRate(videoRef.current?.playbackRate ?? 1),
    onError() {
      setPlaying(false);
      setBuffering(false);
      setError(LOAD_FAILED);
      onError?.();
    },
  };

  return {
    playing,
    currentTime,
    duration,
    volume,
    muted,
    rate,
    buffering,
    error,
    togglePlay,
    seekTo,
    seekBy,
    changeVolume,
    toggleMute,
    changeRate,
    events,
  };
}
