/**
 * The recorder as a pure state machine: `transition(state, event)` returns the next state and the
 * effects the browser shell (recorder.ts) must perform. Nothing here touches a browser API, so
 * every transition, legal or not, is unit-tested in Node.
 */

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

export type RecorderState =
  /** `notice` explains why the last start did not happen (e.g. a denied permission). */
  | { readonly status: 'idle'; readonly notice?: string }
  | { readonly status: 'acquiring' }
  | ({
      readonly status: 'recording';
      readonly startedAt: number;
      readonly mimeType: string;
      readonly audio: AudioSources;
    } & SinkFailures)
  | ({
      readonly status: 'stopping';
      readonly startedAt: number;
      readonly stoppedAt: number;
      readonly mimeType: string;
      readonly audio: AudioSources;
      readonly reason: StopReason;
      readonly notice?: string;
    } & SinkFailures)
  | ({
      readonly status: 'stopped';
      readonly recording: Recording;
      readonly audio: AudioSources;
      readonly reason: StopReason;
      /** Set when the recording ended because of an error: what was recorded is still here. */
      readonly notice?: string;
    } & SinkFailures)
  | { readonly status: 'error'; readonly message: string };

/**
 * `user`: Stop Recording. `share-ended`: the share was ended from the browser's own bar.
 * `error`: MediaRecorder reported an error. `recorder-ended`: MediaRecorder stopped by itself.
 * `sink-failed`: a required sink failed.
 */
export type StopReason = 'user' | 'share-ended' | 'error' | 'recorder-ended' | 'sink-failed';

export type RecorderEvent =
  | { readonly type: 'start' }
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
  /** Ask for the screen and microphone, mix the audio, start MediaRecorder; answer with started/denied/failed. */
  | { readonly type: 'acquire-media' }
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
        case 'started':
          return [{ status: 'recording', startedAt: event.at, mimeType: event.mimeType, audio: event.audio }, none];
        case 'denied':
          return [{ status: 'idle', notice: event.message }, none];
        case 'failed':
          return [{ status: 'error', message: event.message }, none];
        default:
          return [state, none];
      }

    case 'recording':
      if (event.type === 'sink-failed' && event.required) {
        return [
          {
            status: 'stopping',
            startedAt: state.startedAt,
            stoppedAt: event.at,
            mimeType: state.mimeType,
            audio: state.audio,
            reason: 'sink-failed',
            notice: event.message,
            sinkFailures: withFailure(state, event),
          },
          [{ type: 'stop-recorder' }, { type: 'release-media' }],
        ];
      }
      switch (event.type) {
        case 'stop':
        case 'share-ended':
        case 'recorder-error':
          return [
            {
              status: 'stopping',
              startedAt: state.startedAt,
              stoppedAt: event.at,
              mimeType: state.mimeType,
              audio: state.audio,
              reason: event.type === 'stop' ? 'user' : event.type === 'share-ended' ? 'share-ended' : 'error',
              ...(event.type === 'recorder-error' ? { notice: event.message } : {}),
              ...failuresOf(state),
            },
            [{ type: 'stop-recorder' }, { type: 'release-media' }],
          ];
        case 'recorder-stopped':
          // MediaRecorder ended on its own (e.g. every track ended): keep what it recorded.
          return [
            {
              status: 'stopped',
              recording: recording(event.blob, state.mimeType, state.startedAt, event.at),
              audio: state.audio,
              reason: 'recorder-ended',
              ...failuresOf(state),
            },
            [{ type: 'release-media' }],
          ];
        case 'sink-failed':
          return [{ ...state, sinkFailures: withFailure(state, event) }, none];
        default:
          return [state, none];
      }

    case 'stopping':
      if (event.type === 'sink-failed') {
        const notice = state.notice ?? (event.required ? event.message : undefined);
        return [
          { ...state, ...(notice !== undefined ? { notice } : {}), sinkFailures: withFailure(state, event) },
          none,
        ];
      }
      if (event.type !== 'recorder-stopped') return [state, none];
      return [
        {
          status: 'stopped',
          recording: recording(event.blob, state.mimeType, state.startedAt, state.stoppedAt),
          audio: state.audio,
          reason: state.reason,
          ...(state.notice !== undefined ? { notice: state.notice } : {}),
          ...failuresOf(state),
        },
        none,
      ];
  }
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

function recording(blob: Blob, mimeType: string, startedAt: number, stoppedAt: number): Recording {
  return { blob, mimeType, durationMs: Math.max(0, stoppedAt - startedAt) };
}

/** Milliseconds recorded so far (frozen once Stop is pressed). */
export function elapsedMs(state: RecorderState, now: number): number {
  switch (state.status) {
    case 'recording':
      return Math.max(0, now - state.startedAt);
    case 'stopping':
      return Math.max(0, state.stoppedAt - state.startedAt);
    case 'stopped':
      return state.recording.durationMs;
    default:
      return 0;
  }
}
