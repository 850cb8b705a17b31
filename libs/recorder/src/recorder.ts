/**
 * The browser shell: feeds events to the pure machine (machine.ts) and performs the effects the
 * machine asks for. Start acquires onto a disposer stack (acquire-sources.ts) and opens the
 * recording's session (recording-session.ts), which then owns what was acquired. Every browser entry
 * point goes through `BrowserMedia` (browser-media.ts), the real browser by default and a fake in
 * unit tests.
 */
import { acquireSources, AcquireFailure } from './acquire-sources.ts';
import { browserMedia, type BrowserMedia } from './browser-media.ts';
import { createLevelMeter, silenceRms, type LevelMeter, type MeterContext } from './capture/level-meter.ts';
import type { RecordingSettings } from './capture/settings.ts';
import type { SinkSpec } from './chunk-sink.ts';
import { DisposerStack } from './disposer-stack.ts';
import {
  elapsedMs,
  initialState,
  transition,
  type RecorderEffect,
  type RecorderEvent,
  type RecorderState,
} from './machine.ts';
import { describeCaptureError, messages } from './messages.ts';
import { openSession, type Session } from './recording-session.ts';
import type { SinkPipeline, SinkStatus } from './sink-pipeline.ts';

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

export const defaultTimesliceMs = 1000;
export const defaultStopTimeoutMs = 10_000;
export const defaultSilenceWindowMs = 5_000;
export const defaultAudioStartTimeoutMs = 2_000;
const noSinks: readonly SinkStatus[] = [];

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const now = options.now ?? (() => Date.now());
  const browser = options.browser ?? browserMedia();
  const timesliceMs = options.timesliceMs ?? defaultTimesliceMs;
  const listeners = new Set<(state: RecorderState) => void>();
  let state: RecorderState = initialState;
  let session: Session | undefined;
  let settings: RecordingSettings = {};
  // The start under way: disposed by dispose() (or a newer start), which releases what it acquired so far.
  let acquiring: DisposerStack | undefined;
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
        void acquire(settings);
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
    if (!current.microphone) return;
    const microphone = current.microphone;
    let meter: LevelMeter;
    try {
      meter = current.resources.adopt(
        createLevelMeter(microphone, () => browser.createAudioContext() as unknown as MeterContext<MediaStream>),
        (made) => made.close(),
      );
    } catch {
      return; // no meter, no warning: the recording itself is unaffected
    }
    current.meter = meter;
    let loudest = 0;
    const sample = setInterval(() => (loudest = Math.max(loudest, meter.rms())), 100);
    current.resources.defer(() => clearInterval(sample));
    clearTimeout(timers.silence);
    timers.silence = setTimeout(() => {
      clearInterval(sample);
      loudest = Math.max(loudest, meter.rms());
      if (session === current && meter.hearing() && loudest < silenceRms) dispatch({ type: 'microphone-silent' });
    }, options.silenceWindowMs ?? defaultSilenceWindowMs);
  }

  /** Stop every track and close every AudioContext of the recording (once: later calls do nothing). */
  function release() {
    clearTimeout(timers.tick);
    clearTimeout(timers.silence);
    session?.resources.dispose();
  }

  async function acquire(wanted: RecordingSettings) {
    acquiring?.dispose(); // one start at a time: an older one still waiting is stale
    const stack = new DisposerStack();
    acquiring = stack;
    let opened: Session;
    try {
      const audioStartTimeoutMs = options.audioStartTimeoutMs ?? defaultAudioStartTimeoutMs;
      const sources = await acquireSources(browser, wanted, stack, { audioStartTimeoutMs });
      opened = openSession(browser, sources, wanted, stack, {
        dispatch,
        now,
        ...(options.sinks ? { sinks: options.sinks } : {}),
        isCurrent: (candidate) => session === candidate,
        isCurrentPipeline: (candidate) => pipeline === candidate,
        sinksChanged,
        ended(ended, at, blob) {
          dispatch({ type: 'recorder-stopped', at, blob });
          release(); // already done by Stop; needed when MediaRecorder stopped by itself
          if (session === ended) session = undefined;
        },
      });
    } catch (error) {
      // Already disposed: the start was given up (dispose()) and its resources are released; it says nothing.
      const stale = stack.disposed;
      stack.dispose();
      if (stale) return;
      const failure =
        error instanceof AcquireFailure ? error : new AcquireFailure('failed', describeCaptureError(error).message);
      dispatch({ type: failure.kind, message: failure.message });
      return;
    } finally {
      if (acquiring === stack) acquiring = undefined;
    }
    pipeline = opened.pipeline;
    sinksChanged(opened.pipeline, opened.pipeline.status);
    session = opened;
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
      acquiring?.dispose();
      acquiring = undefined;
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
