/**
 * The browser shell: the ONLY file that touches browser APIs. It feeds events to the pure machine
 * (machine.ts) and performs the effects the machine asks for. Every browser entry point goes
 * through `BrowserMedia`, which defaults to the real browser and is replaced by fakes in unit tests.
 */
import { buildAudioMix, type AudioMix } from './audio-mix.ts';
import { createChunkCollector, type SinkSpec } from './chunk-sink.ts';
import { initialState, transition, type RecorderEffect, type RecorderEvent, type RecorderState } from './machine.ts';
import { describeCaptureError, describeSinkFailure, messages } from './messages.ts';
import { chooseMimeType } from './mime-type.ts';
import { createSinkPipeline, type SinkPipeline, type SinkStatus } from './sink-pipeline.ts';

export interface BrowserMedia {
  getDisplayMedia(constraints: DisplayMediaStreamOptions): Promise<MediaStream>;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  createAudioContext(): AudioContext;
  createMediaStream(tracks: MediaStreamTrack[]): MediaStream;
  createMediaRecorder(stream: MediaStream, options: MediaRecorderOptions): MediaRecorder;
  isTypeSupported(type: string): boolean;
}

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
}

export interface Recorder {
  readonly state: RecorderState;
  /** Ask for the screen and microphone and start recording; resolves once recording or refused. */
  start(): Promise<RecorderState>;
  /** Resolves when MediaRecorder's stop event has delivered the last chunk. */
  stop(): Promise<RecorderState>;
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
  readonly display: MediaStream;
  readonly microphone: MediaStream | null;
  readonly mix: AudioMix<MediaStreamTrack>;
  readonly mediaRecorder: MediaRecorder;
  readonly pipeline: SinkPipeline;
  readonly onShareEnded: () => void;
  /** Ends the recording with every chunk received so far (MediaRecorder's stop event, or the watchdog). */
  readonly finish: () => void;
}

export const defaultTimesliceMs = 1000;
export const defaultStopTimeoutMs = 10_000;
/** The built-in sink that keeps every chunk for the preview, download and upload Blob. */
export const collectorSinkName = 'collector';
const noSinks: readonly SinkStatus[] = [];

export function browserMedia(): BrowserMedia {
  const devices = globalThis.navigator?.mediaDevices;
  const unsupported = () => Promise.reject(new DOMException('Screen capture is not supported', 'NotSupportedError'));
  return {
    getDisplayMedia: (constraints) => (devices?.getDisplayMedia ? devices.getDisplayMedia(constraints) : unsupported()),
    getUserMedia: (constraints) => (devices?.getUserMedia ? devices.getUserMedia(constraints) : unsupported()),
    createAudioContext: () => new AudioContext(),
    createMediaStream: (tracks) => new MediaStream(tracks),
    createMediaRecorder: (stream, options) => new MediaRecorder(stream, options),
    isTypeSupported: (type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type),
  };
}

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const now = options.now ?? (() => Date.now());
  const timesliceMs = options.timesliceMs ?? defaultTimesliceMs;
  const listeners = new Set<(state: RecorderState) => void>();
  let state: RecorderState = initialState;
  let session: Session | undefined;
  // Bumped by dispose(): a capture that resolves after it is released at once.
  let generation = 0;
  let settleWaiters: Array<(state: RecorderState) => void> = [];
  let pipeline: SinkPipeline | undefined;
  const sinkListeners = new Set<(sinks: readonly SinkStatus[]) => void>();

  function sinksChanged(of: SinkPipeline, sinks: readonly SinkStatus[]) {
    if (of !== pipeline) return; // a sink of an earlier recording
    for (const listener of [...sinkListeners]) listener(sinks);
  }

  function setState(next: RecorderState) {
    state = next;
    for (const listener of [...listeners]) listener(state);
    if (state.status !== 'acquiring' && state.status !== 'recording' && state.status !== 'stopping') {
      const waiters = settleWaiters;
      settleWaiters = [];
      for (const resolve of waiters) resolve(state);
    }
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
        void acquire(generation);
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
        return;
    }
  }

  function release() {
    if (!session) return;
    const { display, microphone, mix, onShareEnded } = session;
    for (const track of display.getVideoTracks()) track.removeEventListener('ended', onShareEnded);
    stopTracks(display);
    if (microphone) stopTracks(microphone);
    void mix.close().catch(() => undefined);
  }

  async function acquire(myGeneration: number) {
    const browser = options.browser ?? browserMedia();
    const stale = () => myGeneration !== generation;

    let display: MediaStream;
    try {
      display = await browser.getDisplayMedia({ video: true, audio: true });
    } catch (error) {
      if (stale()) return;
      const failure = describeCaptureError(error);
      dispatch({ type: failure.kind, message: failure.message });
      return;
    }
    if (stale()) return stopTracks(display);

    // A denied or missing microphone is tolerated: we record what exists and say so (state.audio).
    const microphone = await browser.getUserMedia({ audio: true }).catch(() => null);
    if (stale()) {
      stopTracks(display);
      if (microphone) stopTracks(microphone);
      return;
    }

    const giveUp = (message: string) => {
      stopTracks(display);
      if (microphone) stopTracks(microphone);
      dispatch({ type: 'failed', message });
    };

    const mimeType = chooseMimeType((type) => browser.isTypeSupported(type));
    if (!mimeType) return giveUp(messages.noWebm);

    let mix: AudioMix<MediaStreamTrack>;
    try {
      mix = buildAudioMix<MediaStreamTrack, MediaStream, MediaStreamAudioDestinationNode>(
        { screen: display.getAudioTracks(), microphone: microphone?.getAudioTracks() ?? [] },
        {
          createContext: () => browser.createAudioContext(),
          createStream: (tracks) => browser.createMediaStream(tracks),
        },
      );
    } catch (error) {
      return giveUp(describeCaptureError(error).message);
    }

    await mix.ensureRunning().catch(() => undefined);
    if (stale()) {
      void mix.close().catch(() => undefined);
      stopTracks(display);
      if (microphone) stopTracks(microphone);
      return;
    }

    const recorded = browser.createMediaStream([...display.getVideoTracks(), ...(mix.track ? [mix.track] : [])]);
    let mediaRecorder: MediaRecorder;
    try {
      mediaRecorder = browser.createMediaRecorder(recorded, { mimeType });
    } catch (error) {
      void mix.close().catch(() => undefined);
      return giveUp(describeCaptureError(error).message);
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
      return giveUp(messages.sinksUnusable(error instanceof Error ? error.message : String(error)));
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

    // The browser's own "Stop sharing" ends the video track: stop exactly as the button does.
    const onShareEnded = () => dispatch({ type: 'share-ended', at: now() });
    for (const track of display.getVideoTracks()) track.addEventListener('ended', onShareEnded);

    session = { display, microphone, mix, mediaRecorder, pipeline: sinks, onShareEnded, finish };
    try {
      mediaRecorder.start(timesliceMs);
    } catch (error) {
      sinks.abort(error);
      release();
      session = undefined;
      dispatch({ type: 'failed', message: describeCaptureError(error).message });
      return;
    }
    dispatch({ type: 'started', at: now(), mimeType, audio: mix.sources });
  }

  function settled(): Promise<RecorderState> {
    if (state.status !== 'acquiring' && state.status !== 'recording' && state.status !== 'stopping') {
      return Promise.resolve(state);
    }
    return new Promise((resolve) => settleWaiters.push(resolve));
  }

  return {
    get state() {
      return state;
    },
    start() {
      dispatch({ type: 'start' });
      if (state.status !== 'acquiring') return Promise.resolve(state);
      return new Promise((resolve) => {
        const off = subscribe((next) => {
          if (next.status === 'acquiring') return;
          off();
          resolve(next);
        });
      });
    },
    stop() {
      dispatch({ type: 'stop', at: now() });
      return settled();
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

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}
