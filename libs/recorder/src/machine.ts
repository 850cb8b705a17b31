/**
 * The recorder as a pure state machine: `transition(state, event)` returns the next state and the
 * effects the browser shell (recorder.ts) must perform. Nothing here touches a browser API, so
 * every transition, legal or not, is unit-tested in Node.
 */
import { messages } from './messages.ts';

/** Which audio made it into the recording's single mixed track. */
export type AudioSources = 'screen+microphone' | 'screen' | 'microphone' | 'none';

export interface Recording {
  readonly blob: Blob;
  readonly mimeType: string;
  readonly durationMs: number;
}

/** A sink that failed during this recording (required or not), with the sentence to show. */
export interface SinkFailureNotice {
  readonly name: string;
  readonly message: string;
}

/** Present on recording, stopping and stopped once a sink has failed; absent otherwise. */
interface SinkFailures {
  readonly sinkFailures?: readonly SinkFailureNotice[];
}

/** A capture device that can stop mid-recording (unplugged, permission taken back). */
export type CaptureDevice = 'microphone' | 'camera';

/** What happened to the devices during this recording; each field absent until it happens. */
interface DeviceNotes {
  /** Devices that stopped delivering; the recording went on without them. */
  readonly lostDevices?: readonly CaptureDevice[];
  /** The microphone delivered only silence for the first seconds (it may be muted). */
  readonly microphoneSilent?: boolean;
}

/** Time spent paused so far; absent (0) until the first resume. */
interface Paused {
  readonly pausedMs?: number;
}

/** What a recording carries from its start until MediaRecorder stopped (recording, paused, stopping). */
type Running = {
  readonly startedAt: number;
  readonly mimeType: string;
  readonly audio: AudioSources;
} & SinkFailures &
  DeviceNotes &
  Paused;

export type RecorderState =
  /** `notice` explains why the last start did not happen (e.g. a denied permission). */
  | { readonly status: 'idle'; readonly notice?: string }
  | { readonly status: 'acquiring' }
  /** Media captured, MediaRecorder not started yet: `remaining` seconds to go (0: starting now). */
  | ({ readonly status: 'countdown'; readonly remaining: number } & DeviceNotes)
  | ({ readonly status: 'recording' } & Running)
  | ({
      readonly status: 'paused';
      /** When Pause was pressed: the recorded time stands still from here. */
      readonly pausedAt: number;
    } & Running)
  | ({
      readonly status: 'stopping';
      readonly stoppedAt: number;
      readonly reason: StopReason;
      readonly notice?: string;
    } & Running)
  | ({
      readonly status: 'stopped';
      readonly recording: Recording;
      readonly audio: AudioSources;
      readonly reason: StopReason;
      /** Set when the recording ended because of an error: what was recorded is still here. */
      readonly notice?: string;
    } & SinkFailures &
      DeviceNotes)
  | { readonly status: 'error'; readonly message: string };

/**
 * `user`: Stop Recording. `share-ended`: the share was ended from the browser's own bar.
 * `error`: MediaRecorder reported an error. `recorder-ended`: MediaRecorder stopped by itself.
 * `sink-failed`: a required sink failed. `max-length`: the recording reached the longest allowed.
 * `device-lost`: the device that gave the picture (the camera, when recording it alone) stopped.
 */
export type StopReason =
  'user' | 'share-ended' | 'error' | 'recorder-ended' | 'sink-failed' | 'max-length' | 'device-lost';

export type RecorderEvent =
  | { readonly type: 'start' }
  /** Media captured and MediaRecorder ready: count `countdown` seconds down (0: start at once). */
  | { readonly type: 'acquired'; readonly countdown: number }
  /** A second of the countdown went by. */
  | { readonly type: 'countdown-tick' }
  /** The person skipped the countdown (a click, Escape). */
  | { readonly type: 'skip-countdown' }
  | { readonly type: 'pause'; readonly at: number }
  | { readonly type: 'resume'; readonly at: number }
  /** The recorded time (pauses excluded) reached the longest allowed. */
  | { readonly type: 'limit-reached'; readonly at: number }
  /**
   * A device stopped (its track ended). `essential`: the recording cannot go on without it (the
   * camera recorded alone) and stops; otherwise it goes on without it and says so.
   */
  | { readonly type: 'device-lost'; readonly at: number; readonly device: CaptureDevice; readonly essential: boolean }
  /** The microphone delivered only silence for the first seconds of the recording. */
  | { readonly type: 'microphone-silent' }
  | { readonly type: 'started'; readonly at: number; readonly mimeType: string; readonly audio: AudioSources }
  /** Capture refused by the person or the browser (permission, cancelled picker): back to idle. */
  | { readonly type: 'denied'; readonly message: string }
  /** Anything else that prevents a recording from starting. */
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'stop'; readonly at: number }
  | { readonly type: 'share-ended'; readonly at: number }
  /** MediaRecorder's error event: the recording ends, what it holds is kept. */
  | { readonly type: 'recorder-error'; readonly at: number; readonly message: string }
  /** MediaRecorder's stop event, with every chunk it produced. */
  | { readonly type: 'recorder-stopped'; readonly at: number; readonly blob: Blob }
  | { readonly type: 'dismiss' }
  /**
   * A sink failed (its write or close rejected, or it fell too far behind). A required one stops
   * the recording, keeping what was recorded; an optional one is only reported: the recording goes on.
   */
  | {
      readonly type: 'sink-failed';
      readonly at: number;
      readonly name: string;
      readonly required: boolean;
      readonly message: string;
    };

export type RecorderEffect =
  /** Ask for the screen and microphone, mix the audio, make MediaRecorder; answer with acquired/denied/failed. */
  | { readonly type: 'acquire-media' }
  /** Send countdown-tick in a second. */
  | { readonly type: 'schedule-tick' }
  /** Call MediaRecorder.start(); answer with started (or failed). */
  | { readonly type: 'start-recorder' }
  | { readonly type: 'pause-recorder' }
  | { readonly type: 'resume-recorder' }
  /** Call MediaRecorder.stop(); its onstop answers with recorder-stopped. */
  | { readonly type: 'stop-recorder' }
  /** Stop every captured track and close the AudioContext. */
  | { readonly type: 'release-media' };

export const initialState: RecorderState = { status: 'idle' };

const none: readonly RecorderEffect[] = [];

export function transition(
  state: RecorderState,
  event: RecorderEvent,
): readonly [RecorderState, readonly RecorderEffect[]] {
  switch (state.status) {
    case 'idle':
    case 'stopped':
    case 'error':
      if (state.status === 'stopped' && event.type === 'sink-failed') return [onStoppedSinkFailed(state, event), none];
      if (event.type === 'start') return [{ status: 'acquiring' }, [{ type: 'acquire-media' }]];
      if (event.type === 'dismiss') {
        if (state.status === 'error') return [{ status: 'idle' }, none];
        if (state.status === 'idle' && state.notice !== undefined) return [{ status: 'idle' }, none];
      }
      return [state, none];

    case 'acquiring':
      switch (event.type) {
        case 'acquired':
          return event.countdown > 0
            ? [{ status: 'countdown', remaining: Math.ceil(event.countdown) }, [{ type: 'schedule-tick' }]]
            : [{ status: 'countdown', remaining: 0 }, [{ type: 'start-recorder' }]];
        case 'denied':
          return [{ status: 'idle', notice: event.message }, none];
        case 'failed':
          return [{ status: 'error', message: event.message }, none];
        default:
          return [state, none];
      }

    case 'countdown':
      return onCountdown(state, event);

    case 'recording':
    case 'paused':
      return onRecording(state, event);

    case 'stopping':
      if (event.type === 'sink-failed') {
        const notice = state.notice ?? (event.required ? event.message : undefined);
        return [
          { ...state, ...(notice !== undefined ? { notice } : {}), sinkFailures: withFailure(state, event) },
          none,
        ];
      }
      if (event.type !== 'recorder-stopped') return [state, none];
      if (event.blob.size === 0) return [nothingRecorded, none];
      return [
        {
          status: 'stopped',
          recording: recording(event.blob, state.mimeType, state.startedAt, state.stoppedAt, state.pausedMs),
          audio: state.audio,
          reason: state.reason,
          ...(state.notice !== undefined ? { notice: state.notice } : {}),
          ...failuresOf(state),
          ...notesOf(state),
        },
        none,
      ];
  }
}

/**
 * A Stop a moment after the start can come before MediaRecorder has encoded a frame: it then hands
 * over no bytes at all, which is no video to preview, download or upload (the server would refuse
 * it as not WebM). Said so, instead of a "Failed to upload video." that names no reason.
 */
const nothingRecorded: RecorderState = { status: 'error', message: messages.nothingRecorded };

type CountdownState = Extract<RecorderState, { status: 'countdown' }>;
type LiveState = Extract<RecorderState, { status: 'recording' | 'paused' }>;
type Transition = readonly [RecorderState, readonly RecorderEffect[]];

/** 3, 2, 1 (a tick a second, or skipped), then MediaRecorder starts; Stop during it gives up the capture. */
function onCountdown(state: CountdownState, event: RecorderEvent): Transition {
  switch (event.type) {
    case 'countdown-tick':
      if (state.remaining > 1) return [{ ...state, remaining: state.remaining - 1 }, [{ type: 'schedule-tick' }]];
      if (state.remaining === 1) return [{ ...state, remaining: 0 }, [{ type: 'start-recorder' }]];
      return [state, none];
    case 'skip-countdown':
      return state.remaining > 0 ? [{ ...state, remaining: 0 }, [{ type: 'start-recorder' }]] : [state, none];
    case 'started':
      if (state.remaining > 0) return [state, none];
      return [
        {
          status: 'recording',
          startedAt: event.at,
          mimeType: event.mimeType,
          audio: event.audio,
          ...notesOf(state),
        },
        none,
      ];
    case 'stop':
    case 'share-ended':
      return [{ status: 'idle' }, [{ type: 'release-media' }]];
    case 'failed':
      return [{ status: 'error', message: event.message }, [{ type: 'release-media' }]];
    case 'device-lost':
      return event.essential
        ? [{ status: 'idle' }, [{ type: 'release-media' }]]
        : [withLostDevice(state, event.device), none];
    default:
      return [state, none];
  }
}

/** Recording or paused: the same ways out, with the time paused left out of the duration. */
function onRecording(state: LiveState, event: RecorderEvent): Transition {
  if (event.type === 'sink-failed' && event.required) {
    return [
      stopping(state, event.at, 'sink-failed', event.message, withFailure(state, event)),
      [{ type: 'stop-recorder' }, { type: 'release-media' }],
    ];
  }
  switch (event.type) {
    case 'pause':
      if (state.status !== 'recording') return [state, none];
      return [{ ...state, status: 'paused', pausedAt: event.at }, [{ type: 'pause-recorder' }]];
    case 'resume': {
      if (state.status !== 'paused') return [state, none];
      const { pausedAt, status: _paused, ...rest } = state;
      const pausedMs = (state.pausedMs ?? 0) + Math.max(0, event.at - pausedAt);
      return [{ ...rest, status: 'recording', ...(pausedMs > 0 ? { pausedMs } : {}) }, [{ type: 'resume-recorder' }]];
    }
    case 'limit-reached':
      if (state.status !== 'recording') return [state, none];
      return [stopping(state, event.at, 'max-length'), [{ type: 'stop-recorder' }, { type: 'release-media' }]];
    case 'stop':
    case 'share-ended':
    case 'recorder-error': {
      const reason = event.type === 'stop' ? 'user' : event.type === 'share-ended' ? 'share-ended' : 'error';
      const notice = event.type === 'recorder-error' ? event.message : undefined;
      return [stopping(state, event.at, reason, notice), [{ type: 'stop-recorder' }, { type: 'release-media' }]];
    }
    case 'device-lost':
      if (event.essential) {
        return [
          stopping(withLostDevice(state, event.device), event.at, 'device-lost'),
          [{ type: 'stop-recorder' }, { type: 'release-media' }],
        ];
      }
      return [withLostDevice(state, event.device), none];
    case 'microphone-silent':
      return state.microphoneSilent ? [state, none] : [{ ...state, microphoneSilent: true }, none];
    case 'recorder-stopped': {
      // MediaRecorder ended on its own (e.g. every track ended): keep what it recorded.
      if (event.blob.size === 0) return [nothingRecorded, [{ type: 'release-media' }]];
      const until = recordedUntil(state, event.at);
      return [
        {
          status: 'stopped',
          recording: recording(event.blob, state.mimeType, state.startedAt, event.at, until.pausedMs),
          audio: state.audio,
          reason: 'recorder-ended',
          ...failuresOf(state),
          ...notesOf(state),
        },
        [{ type: 'release-media' }],
      ];
    }
    case 'sink-failed':
      return [{ ...state, sinkFailures: withFailure(state, event) }, none];
    default:
      return [state, none];
  }
}

/** A stop at `at`: a paused recording ends where it was paused (the pause so far counts as paused). */
function recordedUntil(state: LiveState, at: number): { pausedMs: number } {
  const pausedMs = state.pausedMs ?? 0;
  return { pausedMs: state.status === 'paused' ? pausedMs + Math.max(0, at - state.pausedAt) : pausedMs };
}

function stopping(
  state: LiveState,
  at: number,
  reason: StopReason,
  notice?: string,
  sinkFailures?: readonly SinkFailureNotice[],
): RecorderState {
  const { pausedMs } = recordedUntil(state, at);
  return {
    status: 'stopping',
    startedAt: state.startedAt,
    stoppedAt: at,
    mimeType: state.mimeType,
    audio: state.audio,
    reason,
    ...(pausedMs > 0 ? { pausedMs } : {}),
    ...(notice !== undefined ? { notice } : {}),
    ...(sinkFailures ? { sinkFailures } : failuresOf(state)),
    ...notesOf(state),
  };
}

function withLostDevice<S extends DeviceNotes>(state: S, device: CaptureDevice): S {
  if (state.lostDevices?.includes(device)) return state;
  return { ...state, lostDevices: [...(state.lostDevices ?? []), device] };
}

function notesOf(state: DeviceNotes): DeviceNotes {
  return {
    ...(state.lostDevices ? { lostDevices: state.lostDevices } : {}),
    ...(state.microphoneSilent ? { microphoneSilent: true } : {}),
  };
}

/** Sinks go on draining after Stop, so a failure can still arrive once stopped: it is recorded too. */
function onStoppedSinkFailed(
  state: Extract<RecorderState, { status: 'stopped' }>,
  event: Extract<RecorderEvent, { type: 'sink-failed' }>,
): RecorderState {
  return { ...state, sinkFailures: withFailure(state, event) };
}

function withFailure(state: SinkFailures, event: { name: string; message: string }): readonly SinkFailureNotice[] {
  return [...(state.sinkFailures ?? []), { name: event.name, message: event.message }];
}

function failuresOf(state: SinkFailures): SinkFailures {
  return state.sinkFailures ? { sinkFailures: state.sinkFailures } : {};
}

function recording(blob: Blob, mimeType: string, startedAt: number, stoppedAt: number, pausedMs = 0): Recording {
  return { blob, mimeType, durationMs: Math.max(0, stoppedAt - startedAt - pausedMs) };
}

/** Milliseconds recorded so far, pauses left out (standing still while paused, frozen once Stop is pressed). */
export function elapsedMs(state: RecorderState, now: number): number {
  switch (state.status) {
    case 'recording':
      return Math.max(0, now - state.startedAt - (state.pausedMs ?? 0));
    case 'paused':
      return Math.max(0, state.pausedAt - state.startedAt - (state.pausedMs ?? 0));
    case 'stopping':
      return Math.max(0, state.stoppedAt - state.startedAt - (state.pausedMs ?? 0));
    case 'stopped':
      return state.recording.durationMs;
    default:
      return 0;
  }
}
