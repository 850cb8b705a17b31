/**
 * The browser shell: it feeds events to the pure machine (machine.ts) and performs the effects the
 * machine asks for. Every browser entry point goes through `BrowserMedia` (browser-media.ts), which
 * defaults to the real browser and is replaced by fakes in unit tests.
 */
import { buildAudioMix, unmixedAudio, type AudioMix } from './audio-mix.ts';
import { browserMedia, type BrowserMedia } from './browser-media.ts';
import type { CompositeOptions } from './capture/compositor.ts';
import { createLevelMeter, silenceRms, type LevelMeter, type MeterContext } from './capture/level-meter.ts';
import type { ProcessedTrack } from './capture/processed-track.ts';
import { videoBitsPerSecond, videoConstraints } from './capture/quality.ts';
import { defaultBubble, type RecordingSettings } from './capture/settings.ts';
import { createChunkCollector, type SinkSpec } from './chunk-sink.ts';
import {
  elapsedMs,
  initialState,
  transition,
  type RecorderEffect,
  type RecorderEvent,
  type RecorderState,
} from './machine.ts';
import { describeCameraError, describeCaptureError, describeSinkFailure, messages } from './messages.ts';
import { chooseMimeType } from './mime-type.ts';
import { createSinkPipeline, type SinkPipeline, type SinkStatus } from './sink-pipeline.ts';

export interface RecorderOptions {
  /** How often MediaRecorder hands over a chunk. Default 1000 ms. */
  readonly timesliceMs?: number;
  /**
   * Sinks beside the built-in collector (e.g. upload while recording, a local spool), made afresh
   * for every recording once its type is known: a sink is closed or aborted when its recording ends.
   */
  readonly sinks?: (recording: { readonly mimeType: string }) => readonly SinkSpec[];
  readonly now?: () => number;
  readonly browser?: BrowserMedia;
  /** If MediaRecorder's stop event has not come this long after Stop, finish with the chunks we have. Default 10 s. */
  readonly stopTimeoutMs?: number;
  /** A microphone silent this long after the start is reported (`microphoneSilent`). Default 5 s. */
  readonly silenceWindowMs?: number;
  /**
   * How long Start waits for the AudioContext that mixes screen audio and microphone to run; then
   * the microphone's own track is recorded instead (Firefox with no audio output device never
   * starts one). Default 2 s.
   */
  readonly audioStartTimeoutMs?: number;
}

export interface Recorder {
  readonly state: RecorderState;
  /**
   * Ask for the screen (or camera) and microphone, count down, and start recording; resolves once
   * recording or refused. Settings: what to capture and how (capture/settings.ts).
   */
  start(settings?: RecordingSettings): Promise<RecorderState>;
  /** Resolves when MediaRecorder's stop event has delivered the last chunk. During the countdown: gives up. */
  stop(): Promise<RecorderState>;
  /** Start at once instead of finishing the countdown. */
  skipCountdown(): void;
  pause(): void;
  resume(): void;
  /** The microphone's loudness now, 0 to 1 (0 when none is recorded). */
  microphoneLevel(): number;
  /** What is being recorded (the bubble composited, the area cropped), for a live preview; null when nothing is. */
  liveStream(): MediaStream | null;
  /** The shared screen as captured (whole, without bubble or strokes), for the drawing layer; null when none is. */
  screenStream(): MediaStream | null;
  /** Clear a notice or an error. */
  dismiss(): void;
  /** Listen to every state change; returns the unsubscribe function. */
  on(listener: (state: RecorderState) => void): () => void;
  /** The current (or last) recording's sinks, the collector first: how far behind each one is. */
  readonly sinks: readonly SinkStatus[];
  /** Listen to every change of `sinks`; returns the unsubscribe function. */
  onSinks(listener: (sinks: readonly SinkStatus[]) => void): () => void;
  /** Resolves when every sink of the current (or last) recording is closed, failed or aborted. */
  sinksDone(): Promise<readonly SinkStatus[]>;
  /** Release the screen, microphone and AudioContext (e.g. the page is left). Usable again afterwards. */
  dispose(): void;
}

interface Session {
  /** Every captured stream (screen, camera, microphone): stopped on release. */
  readonly captured: readonly MediaStream[];
  /** The shared screen, when one is recorded. */
  readonly display: MediaStream | null;
  readonly microphone: MediaStream | null;
  readonly processed: ProcessedTrack | null;
  readonly mix: AudioMix<MediaStreamTrack>;
  readonly mediaRecorder: MediaRecorder;
  readonly pipeline: SinkPipeline;
  readonly mimeType: string;
  /** Removes the ended listeners of the captured tracks. */
  readonly unlisten: () => void;
  /** Ends the recording with every chunk received so far (MediaRecorder's stop event, or the watchdog). */
  readonly finish: () => void;
  meter?: LevelMeter;
}

/** Chromium honours it (docs/toolchain.md, Browser and media): a key frame every 2 s lets edits cut near any point. */
export const keyFrameIntervalMs = 2000;

export const defaultTimesliceMs = 1000;
export const defaultStopTimeoutMs = 10_000;
/** The built-in sink that keeps every chunk for the preview, download and upload Blob. */
export const collectorSinkName = 'collector';
const noSinks: readonly SinkStatus[] = [];

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const now = options.now ?? (() => Date.now());
  const timesliceMs = options.timesliceMs ?? defaultTimesliceMs;
  const listeners = new Set<(state: RecorderState) => void>();
  let state: RecorderState = initialState;
  let session: Session | undefined;
  let settings: RecordingSettings = {};
  // Bumped by dispose(): a capture that resolves after it is released at once.
  let generation = 0;
  let settleWaiters: Array<(state: RecorderState) => void> = [];
  let pipeline: SinkPipeline | undefined;
  const sinkListeners = new Set<(sinks: readonly SinkStatus[]) => void>();
  const timers = { tick: undefined as Timer, limit: undefined as Timer, silence: undefined as Timer };

  function sinksChanged(of: SinkPipeline, sinks: readonly SinkStatus[]) {
    if (of !== pipeline) return; // a sink of an earlier recording
    for (const listener of [...sinkListeners]) listener(sinks);
  }

  function setState(next: RecorderState) {
    state = next;
    armLimit();
    for (const listener of [...listeners]) listener(state);
    if (!isBusy(state)) {
      const waiters = settleWaiters;
      settleWaiters = [];
      for (const resolve of waiters) resolve(state);
    }
  }

  /** The maximum length counts recorded time: armed while recording, disarmed while paused or stopped. */
  function armLimit() {
    clearTimeout(timers.limit);
    timers.limit = undefined;
    const max = settings.maxDurationMs;
    if (state.status !== 'recording' || max === undefined || max <= 0) return;
    const left = max - elapsedMs(state, now());
    timers.limit = setTimeout(() => dispatch({ type: 'limit-reached', at: now() }), Math.max(0, left));
  }

  function dispatch(event: RecorderEvent): boolean {
    const [next, effects] = transition(state, event);
    if (next === state) return false;
    setState(next);
    for (const effect of effects) perform(effect);
    return true;
  }

  function perform(effect: RecorderEffect) {
    switch (effect.type) {
      case 'acquire-media':
        void acquire(generation, settings);
        return;
      case 'schedule-tick':
        clearTimeout(timers.tick);
        timers.tick = setTimeout(() => dispatch({ type: 'countdown-tick' }), 1000);
        return;
      case 'start-recorder':
        startRecorder();
        return;
      case 'pause-recorder':
        if (session?.mediaRecorder.state === 'recording') session.mediaRecorder.pause();
        return;
      case 'resume-recorder':
        if (session?.mediaRecorder.state === 'paused') session.mediaRecorder.resume();
        return;
      case 'stop-recorder': {
        if (!session) return;
        const { mediaRecorder, finish } = session;
        if (mediaRecorder.state !== 'inactive') mediaRecorder.stop();
        // A browser that never fires stop must not keep the recording hostage.
        setTimeout(finish, options.stopTimeoutMs ?? defaultStopTimeoutMs);
        return;
      }
      case 'release-media':
        release();
        // Given up before MediaRecorder started (Stop during the countdown): nothing to keep.
        if (
          session &&
          session.mediaRecorder.state === 'inactive' &&
          (state.status === 'idle' || state.status === 'error')
        ) {
          session.pipeline.abort(new Error(messages.discarded));
          session = undefined;
        }
        return;
    }
  }

  function startRecorder() {
    clearTimeout(timers.tick);
    if (!session) return;
    const current = session;
    try {
      current.mediaRecorder.start(timesliceMs);
    } catch (error) {
      current.pipeline.abort(error);
      release();
      session = undefined;
      dispatch({ type: 'failed', message: describeCaptureError(error).message });
      return;
    }
    dispatch({ type: 'started', at: now(), mimeType: current.mimeType, audio: current.mix.sources });
    watchSilence(current);
  }

  /**
   * A microphone silent for the whole first `silenceWindowMs` is reported while recording, not after;
   * not when the meter could hear nothing (its AudioContext never ran).
   */
  function watchSilence(current: Session) {
    const browser = options.browser ?? browserMedia();
    if (!current.microphone) return;
    try {
      current.meter = createLevelMeter(
        current.microphone,
        () => browser.createAudioContext() as unknown as MeterContext<MediaStream>,
      );
    } catch {
      return; // no meter, no warning: the recording itself is unaffected
    }
    const meter = current.meter;
    let loudest = 0;
    const sample = setInterval(() => (loudest = Math.max(loudest, meter.rms())), 100);
    clearTimeout(timers.silence);
    timers.silence = setTimeout(() => {
      clearInterval(sample);
      loudest = Math.max(loudest, meter.rms());
      if (session === current && meter.hearing() && loudest < silenceRms) dispatch({ type: 'microphone-silent' });
    }, options.silenceWindowMs ?? defaultSilenceWindowMs);
    const stopSampling = () => clearInterval(sample);
    current.meter = { ...meter, close: () => (stopSampling(), meter.close()) };
  }

  function release() {
    clearTimeout(timers.tick);
    clearTimeout(timers.silence);
    if (!session) return;
    const { captured, processed, mix, unlisten, meter } = session;
    unlisten();
    processed?.stop();
    for (const stream of captured) stopTracks(stream);
    meter?.close();
    void mix.close().catch(() => undefined);
  }

  async function acquire(myGeneration: number, wanted: RecordingSettings) {
    const browser = options.browser ?? browserMedia();
    const stale = () => myGeneration !== generation;
    const source = wanted.source ?? 'screen';
    const frameRate = wanted.quality?.frameRate ?? 30;
    const captured: MediaStream[] = [];
    const stopCaptured = () => {
      for (const stream of captured) stopTracks(stream);
    };

    let display: MediaStream | null = null;
    let camera: MediaStream | null = null;
    try {
      if (source !== 'camera') {
        display =
          wanted.display ?? (await browser.getDisplayMedia({ video: videoConstraints(wanted.quality), audio: true }));
        captured.push(display);
      }
      if (stale()) return stopCaptured();
      if (source === 'camera' || source === 'screen+camera') {
        const video = videoConstraints(wanted.quality);
        camera = await browser.getUserMedia({
          video: wanted.cameraId ? { ...(video === true ? {} : video), deviceId: { exact: wanted.cameraId } } : video,
        });
        captured.push(camera);
      }
    } catch (error) {
      stopCaptured();
      if (stale()) return;
      const failure = display ? describeCameraError(error) : describeCaptureError(error);
      dispatch({ type: failure.kind, message: failure.message });
      return;
    }
    if (stale()) return stopCaptured();

    // A denied or missing microphone is tolerated: we record what exists and say so (state.audio).
    const microphone =
      wanted.microphone === false
        ? null
        : await browser
            .getUserMedia({ audio: wanted.microphoneId ? { deviceId: { exact: wanted.microphoneId } } : true })
            .catch(() => null);
    if (microphone) captured.push(microphone);
    if (stale()) return stopCaptured();

    const giveUp = (message: string, processed?: ProcessedTrack | null) => {
      processed?.stop();
      stopCaptured();
      dispatch({ type: 'failed', message });
    };

    const mimeType = chooseMimeType((type) => browser.isTypeSupported(type));
    if (!mimeType) return giveUp(messages.noWebm);

    const screenVideo = display?.getVideoTracks()[0];
    const cameraVideo = camera?.getVideoTracks()[0];
    let processed: ProcessedTrack | null = null;
    try {
      if (wanted.drawing && screenVideo && source !== 'camera') {
        // Decided at Start: MediaRecorder cannot switch tracks mid-recording without a glitch, so a
        // recording that may be drawn on goes through the compositor (which passes the screen
        // through uncopied until the first stroke).
        const composite: CompositeOptions = {
          drawing: wanted.drawing,
          ...(source === 'area' && wanted.area ? { area: wanted.area } : {}),
          ...(source === 'screen+camera' && cameraVideo
            ? { camera: cameraVideo, bubble: wanted.bubble ?? defaultBubble }
            : {}),
        };
        processed = await browser.compositeTrack(screenVideo, composite, frameRate);
      } else if (source === 'area' && screenVideo && wanted.area) {
        processed = await browser.cropVideo(screenVideo, wanted.area, frameRate);
      } else if (source === 'screen+camera' && screenVideo && cameraVideo) {
        processed = await browser.compositeBubble(screenVideo, cameraVideo, wanted.bubble ?? defaultBubble, frameRate);
      }
    } catch (error) {
      return giveUp(describeCaptureError(error).message);
    }
    const videoTrack = processed?.track ?? (source === 'camera' ? cameraVideo : screenVideo);
    if (!videoTrack) return giveUp(messages.screenNotFound, processed);
    if (stale()) {
      processed?.stop();
      return stopCaptured();
    }

    const audio = { screen: display?.getAudioTracks() ?? [], microphone: microphone?.getAudioTracks() ?? [] };
    let mix: AudioMix<MediaStreamTrack>;
    try {
      mix = buildAudioMix<MediaStreamTrack, MediaStream, MediaStreamAudioDestinationNode>(audio, {
        createContext: () => browser.createAudioContext(),
        createStream: (tracks) => browser.createMediaStream(tracks),
      });
    } catch (error) {
      return giveUp(describeCaptureError(error).message, processed);
    }

    // An AudioContext that does not start records silence, or nothing: record a source's own track.
    const running = await mix
      .ensureRunning(options.audioStartTimeoutMs ?? defaultAudioStartTimeoutMs)
      .catch(() => false);
    if (!running) {
      void mix.close().catch(() => undefined);
      mix = unmixedAudio(audio);
    }
    if (stale()) {
      void mix.close().catch(() => undefined);
      processed?.stop();
      return stopCaptured();
    }

    const recorded = browser.createMediaStream([videoTrack, ...(mix.track ? [mix.track] : [])]);
    let mediaRecorder: MediaRecorder;
    try {
      mediaRecorder = browser.createMediaRecorder(recorded, recorderOptions(mimeType, wanted));
    } catch (error) {
      void mix.close().catch(() => undefined);
      return giveUp(describeCaptureError(error).message, processed);
    }

    const collector = createChunkCollector();
    let sinks: SinkPipeline;
    try {
      const extra = options.sinks?.({ mimeType }) ?? [];
      if (extra.some((spec) => spec.name === collectorSinkName)) {
        throw new Error(`"${collectorSinkName}" is the name of the recorder's own sink; give yours another name`);
      }
      sinks = createSinkPipeline(
        [
          { name: collectorSinkName, sink: collector, required: true, maxQueuedBytes: Number.MAX_SAFE_INTEGER },
          ...extra,
        ],
        {
          onChange: (status) => sinksChanged(sinks, status),
          onFailure: (failure) => {
            if (sinks !== pipeline) return;
            const message = describeSinkFailure(failure.name, failure.required, failure.message);
            dispatch({ type: 'sink-failed', at: now(), name: failure.name, required: failure.required, message });
          },
        },
      );
    } catch (error) {
      void mix.close().catch(() => undefined);
      return giveUp(messages.sinksUnusable(error instanceof Error ? error.message : String(error)), processed);
    }
    pipeline = sinks;
    sinksChanged(sinks, sinks.status);

    mediaRecorder.ondataavailable = (event) => sinks.push(event.data);
    mediaRecorder.onerror = () => dispatch({ type: 'recorder-error', at: now(), message: messages.recorderFailed });
    let finished = false;
    const finish = () => {
      if (finished || session?.mediaRecorder !== mediaRecorder) return;
      finished = true;
      const at = now();
      sinks.close();
      // The collector writes at once, but asynchronously: its last chunk lands a few microtasks later.
      void sinks.done(collectorSinkName).then(() => {
        if (session?.mediaRecorder !== mediaRecorder) return; // disposed meanwhile
        dispatch({ type: 'recorder-stopped', at, blob: collector.toBlob(mimeType) });
        release(); // already done by Stop; needed when MediaRecorder stopped by itself
        session = undefined;
      });
    };
    mediaRecorder.onstop = finish;

    // The browser's own "Stop sharing" ends the screen's track: stop exactly as the button does.
    // A camera or microphone that goes away is a lost device; the camera alone is the whole picture.
    const watched: Array<[MediaStreamTrack, () => void]> = [];
    const watch = (track: MediaStreamTrack | undefined, onEnded: () => void) => {
      if (!track) return;
      track.addEventListener('ended', onEnded);
      watched.push([track, onEnded]);
    };
    watch(screenVideo, () => dispatch({ type: 'share-ended', at: now() }));
    watch(cameraVideo, () =>
      dispatch({ type: 'device-lost', at: now(), device: 'camera', essential: source === 'camera' }),
    );
    for (const track of microphone?.getAudioTracks() ?? []) {
      watch(track, () => dispatch({ type: 'device-lost', at: now(), device: 'microphone', essential: false }));
    }
    const unlisten = () => {
      for (const [track, onEnded] of watched) track.removeEventListener('ended', onEnded);
    };

    session = {
      captured,
      display,
      microphone,
      processed,
      mix,
      mediaRecorder,
      pipeline: sinks,
      mimeType,
      unlisten,
      finish,
    };
    dispatch({ type: 'acquired', countdown: wanted.countdownSeconds ?? 0 });
  }

  function settled(): Promise<RecorderState> {
    if (!isBusy(state)) return Promise.resolve(state);
    return new Promise((resolve) => settleWaiters.push(resolve));
  }

  return {
    get state() {
      return state;
    },
    start(wanted: RecordingSettings = {}) {
      if (state.status === 'idle' || state.status === 'stopped' || state.status === 'error') settings = wanted;
      dispatch({ type: 'start' });
      if (state.status !== 'acquiring') return Promise.resolve(state);
      return new Promise((resolve) => {
        const off = subscribe((next) => {
          if (next.status === 'acquiring' || next.status === 'countdown') return;
          off();
          resolve(next);
        });
      });
    },
    stop() {
      dispatch({ type: 'stop', at: now() });
      return settled();
    },
    skipCountdown() {
      dispatch({ type: 'skip-countdown' });
    },
    pause() {
      dispatch({ type: 'pause', at: now() });
    },
    resume() {
      dispatch({ type: 'resume', at: now() });
    },
    microphoneLevel() {
      return session?.meter?.level() ?? 0;
    },
    liveStream() {
      return session?.mediaRecorder.stream ?? null;
    },
    screenStream() {
      return session?.display ?? null;
    },
    dismiss() {
      dispatch({ type: 'dismiss' });
    },
    on: subscribe,
    get sinks() {
      return pipeline?.status ?? noSinks;
    },
    onSinks(listener) {
      sinkListeners.add(listener);
      return () => {
        sinkListeners.delete(listener);
      };
    },
    sinksDone() {
      return pipeline?.done() ?? Promise.resolve(noSinks);
    },
    dispose() {
      generation += 1;
      if (session) {
        const { mediaRecorder } = session;
        session.pipeline.abort(new Error(messages.discarded));
        mediaRecorder.ondataavailable = null;
        mediaRecorder.onstop = null;
        mediaRecorder.onerror = null;
        if (mediaRecorder.state !== 'inactive') mediaRecorder.stop();
        release();
        session = undefined;
      }
      clearTimeout(timers.limit);
      if (state.status !== 'idle') setState(initialState);
    },
  };

  function subscribe(listener: (state: RecorderState) => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }
}

type Timer = ReturnType<typeof setTimeout> | undefined;

export const defaultSilenceWindowMs = 5_000;
export const defaultAudioStartTimeoutMs = 2_000;

/** Busy: a start or stop is under way (start()/stop() wait for the end of it). */
function isBusy(state: RecorderState): boolean {
  return (
    state.status === 'acquiring' ||
    state.status === 'countdown' ||
    state.status === 'recording' ||
    state.status === 'paused' ||
    state.status === 'stopping'
  );
}

/** MediaRecorder's options: the type, a key frame every 2 s, and the bitrate of the chosen quality. */
function recorderOptions(mimeType: string, wanted: RecordingSettings): MediaRecorderOptions {
  return {
    mimeType,
    videoKeyFrameIntervalDuration: keyFrameIntervalMs,
    ...(wanted.quality ? { videoBitsPerSecond: videoBitsPerSecond(wanted.quality) } : {}),
  } as MediaRecorderOptions;
}

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}
