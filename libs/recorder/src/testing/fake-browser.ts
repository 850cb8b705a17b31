/**
 * Fake browser media for unit tests of the recorder shell and the mixing graph: tracks, streams,
 * an AudioContext and a MediaRecorder that record how they were used. The real browser is tested
 * end to end in apps/web-e2e with Chromium's fake devices.
 */
import type { BrowserMedia } from '../browser-media.ts';

export class FakeTrack {
  readonly id: string;
  stopped = false;
  /** How often stop() was called: a track is released exactly once. */
  stopCount = 0;
  readyState: 'live' | 'ended' = 'live';
  private readonly listeners = new Map<string, Set<() => void>>();
  constructor(
    readonly kind: 'audio' | 'video',
    readonly label: string,
  ) {
    this.id = label;
  }
  stop() {
    this.stopCount += 1;
    this.stopped = true;
    this.readyState = 'ended';
  }
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  listenerCount(type: string) {
    return this.listeners.get(type)?.size ?? 0;
  }
  /** What the browser does when the person clicks its own "Stop sharing". */
  endFromBrowser() {
    this.readyState = 'ended';
    for (const listener of [...(this.listeners.get('ended') ?? [])]) listener();
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
}

export class FakeSourceNode {
  connectedTo: unknown[] = [];
  disconnected = false;
  constructor(readonly stream: FakeStream) {}
  connect(destination: unknown) {
    this.connectedTo.push(destination);
    return destination;
  }
  disconnect() {
    this.disconnected = true;
  }
}

export class FakeDestination {
  readonly stream = new FakeStream([new FakeTrack('audio', 'mixed')]);
}

/** An AnalyserNode whose waveform is a constant `amplitude` (0: silence). */
export class FakeAnalyser {
  fftSize = 2048;
  constructor(private readonly context: FakeAudioContext) {}
  getFloatTimeDomainData(array: Float32Array) {
    array.fill(this.context.amplitude);
  }
}

export class FakeAudioContext {
  /** What analysers of this context hear; set by the test (the fake microphone's loudness). */
  amplitude = 0.2;
  readonly sources: FakeSourceNode[] = [];
  readonly destinations: FakeDestination[] = [];
  closed = false;
  state: 'suspended' | 'running' | 'closed' = 'running';
  resumes = 0;
  createMediaStreamSource(stream: FakeStream) {
    const node = new FakeSourceNode(stream);
    this.sources.push(node);
    return node;
  }
  createAnalyser() {
    return new FakeAnalyser(this);
  }
  createMediaStreamDestination() {
    const destination = new FakeDestination();
    this.destinations.push(destination);
    return destination;
  }
  async close() {
    this.closed = true;
    this.state = 'closed';
  }
  /** Like Firefox with no audio output device: suspended, and resume() never settles. */
  neverStarts = false;
  resume(): Promise<void> {
    this.resumes += 1;
    if (this.neverStarts) return new Promise(() => undefined);
    this.state = 'running';
    return Promise.resolve();
  }
}

export class FakeMediaRecorder {
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  /** The chunk the real MediaRecorder flushes on stop. */
  finalChunk: Blob = new Blob(['last'], { type: 'video/webm' });
  constructor(
    readonly stream: FakeStream,
    readonly options: { mimeType?: string },
  ) {}
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  pause() {
    if (this.state !== 'recording') throw new DOMException('not recording', 'InvalidStateError');
    this.state = 'paused';
  }
  resume() {
    if (this.state !== 'paused') throw new DOMException('not paused', 'InvalidStateError');
    this.state = 'recording';
  }
  /** Set to imitate a browser whose MediaRecorder never fires stop. */
  neverStops = false;
  stop() {
    if (this.state === 'inactive') throw new DOMException('not recording', 'InvalidStateError');
    this.state = 'inactive';
    if (this.neverStops) return;
    // Like the browser: the last dataavailable, then stop, on a later task.
    setTimeout(() => {
      this.ondataavailable?.({ data: this.finalChunk });
      this.onstop?.();
    }, 0);
  }
  emit(data: Blob) {
    this.ondataavailable?.({ data });
  }
  /** MediaRecorder stopping by itself (e.g. all its tracks ended). */
  stopFromBrowser() {
    this.stop();
  }
}

export interface FakeBrowserOptions {
  /** Does the shared screen carry audio? Default true. */
  readonly displayAudio?: boolean;
  /** getDisplayMedia rejects with this. */
  readonly displayError?: unknown;
  /** A browser without screen capture (a phone): canCaptureScreen() is false, getDisplayMedia rejects. */
  readonly noScreenCapture?: boolean;
  /** getUserMedia rejects with this (e.g. a denied microphone). */
  readonly microphoneError?: unknown;
  readonly supportedTypes?: readonly string[];
  /** Hold getDisplayMedia until release() is called (to test leaving the page meanwhile). */
  readonly holdDisplay?: boolean;
  /** AudioContexts start suspended, as without a user gesture. */
  readonly suspendedAudio?: boolean;
  /** AudioContexts stay suspended and resume() never settles (Firefox with no audio output device). */
  readonly audioNeverStarts?: boolean;
  /** getUserMedia for the camera rejects with this. */
  readonly cameraError?: unknown;
  /** The loudness analysers hear (0: a silent microphone). Default 0.2. */
  readonly microphoneAmplitude?: number;
  /** What enumerateDevices answers; default two microphones and a camera, labelled. */
  readonly devices?: readonly { kind: string; deviceId: string; label: string; groupId: string }[];
}

/** A track made from others (a crop, a composite), as the fake browser's cropVideo/compositeBubble/compositeTrack make it. */
export interface FakeProcessed {
  readonly kind: 'crop' | 'bubble' | 'composite';
  readonly inputs: FakeTrack[];
  readonly settings: unknown;
  readonly track: FakeTrack;
  stopped: boolean;
  /** How often stop() was called. */
  stopCount: number;
}

export function createFakeBrowser(options: FakeBrowserOptions = {}) {
  const displayVideo = new FakeTrack('video', 'screen');
  const displayAudio = new FakeTrack('audio', 'screen audio');
  const microphoneTrack = new FakeTrack('audio', 'microphone');
  const cameraTrack = new FakeTrack('video', 'camera');
  const processed: FakeProcessed[] = [];
  const deviceListeners = new Set<() => void>();
  const display = new FakeStream(options.displayAudio === false ? [displayVideo] : [displayVideo, displayAudio]);
  const microphone = new FakeStream([microphoneTrack]);
  const contexts: FakeAudioContext[] = [];
  const recorders: FakeMediaRecorder[] = [];
  const calls: { getDisplayMedia: unknown[]; getUserMedia: unknown[] } = { getDisplayMedia: [], getUserMedia: [] };
  const supported = new Set(options.supportedTypes ?? ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus']);
  let releaseDisplay: () => void = () => undefined;
  const displayHeld = new Promise<void>((resolve) => {
    releaseDisplay = resolve;
  });

  const fake = {
    canCaptureScreen: () => !options.noScreenCapture,
    async getDisplayMedia(constraints: unknown) {
      calls.getDisplayMedia.push(constraints);
      if (options.noScreenCapture) throw new DOMException('Screen capture is not supported', 'NotSupportedError');
      if (options.holdDisplay) await displayHeld;
      if (options.displayError !== undefined) throw options.displayError;
      return display;
    },
    async getUserMedia(constraints: { video?: unknown }) {
      calls.getUserMedia.push(constraints);
      if (constraints.video) {
        if (options.cameraError !== undefined) throw options.cameraError;
        return new FakeStream([cameraTrack]);
      }
      if (options.microphoneError !== undefined) throw options.microphoneError;
      return microphone;
    },
    async cropVideo(track: FakeTrack, rect: unknown) {
      return process('crop', [track], rect);
    },
    async compositeBubble(screen: FakeTrack, camera: FakeTrack, bubble: unknown) {
      return process('bubble', [screen, camera], bubble);
    },
    async compositeTrack(screen: FakeTrack, composite: { camera?: FakeTrack | null }) {
      return process('composite', composite.camera ? [screen, composite.camera] : [screen], composite);
    },
    onDeviceChange(listener: () => void) {
      deviceListeners.add(listener);
      return () => deviceListeners.delete(listener);
    },
    async enumerateDevices() {
      if (options.devices) return options.devices;
      return [
        { kind: 'audioinput', deviceId: 'mic-1', label: 'Fake microphone 1', groupId: 'g1' },
        { kind: 'audioinput', deviceId: 'mic-2', label: 'Fake microphone 2', groupId: 'g2' },
        { kind: 'videoinput', deviceId: 'cam-1', label: 'Fake camera', groupId: 'g3' },
      ];
    },
    createAudioContext() {
      const context = new FakeAudioContext();
      context.amplitude = options.microphoneAmplitude ?? 0.2;
      if (options.suspendedAudio || options.audioNeverStarts) context.state = 'suspended';
      context.neverStarts = options.audioNeverStarts === true;
      contexts.push(context);
      return context;
    },
    createMediaStream(tracks: FakeTrack[]) {
      return new FakeStream(tracks);
    },
    createMediaRecorder(stream: FakeStream, recorderOptions: { mimeType?: string }) {
      const recorder = new FakeMediaRecorder(stream, recorderOptions);
      recorders.push(recorder);
      return recorder;
    },
    isTypeSupported(type: string) {
      return supported.has(type);
    },
  };

  function process(kind: FakeProcessed['kind'], inputs: FakeTrack[], settings: unknown) {
    const made: FakeProcessed = {
      kind,
      inputs,
      settings,
      track: new FakeTrack('video', kind),
      stopped: false,
      stopCount: 0,
    };
    processed.push(made);
    return {
      track: made.track,
      stop() {
        made.stopCount += 1;
        made.stopped = true;
        made.track.stop();
      },
    };
  }

  return {
    browser: fake as unknown as BrowserMedia,
    tracks: { displayVideo, displayAudio, microphone: microphoneTrack },
    camera: cameraTrack,
    processed,
    /** A device was plugged in or out. */
    changeDevices: () => {
      for (const listener of [...deviceListeners]) listener();
    },
    contexts,
    recorders,
    calls,
    releaseDisplay: () => releaseDisplay(),
  };
}
