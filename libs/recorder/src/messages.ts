import type { AudioSources } from './machine.ts';

/**
 * Words a person reads. The spec only logs a failed start; we explain it on the page instead
 * (docs/product.md, "Where we do better than the spec"), so every failure the browser can report
 * maps to a sentence with a next step.
 */

export type CaptureFailure = { readonly kind: 'denied' | 'failed'; readonly message: string };

export const messages = {
  screenDenied:
    'Screen recording did not start: sharing the screen was cancelled or blocked. Click Start Recording and choose a screen, window or tab to share.',
  screenNotFound: 'There is no screen, window or tab available to record.',
  screenUnreadable: 'The screen could not be captured. Close other apps that are capturing the screen and try again.',
  unsupported: 'This browser cannot record the screen. Use a recent version of Chrome, Edge or Firefox.',
  /** Said before Start where the browser has no screen capture (most phones): the source is the camera. */
  cameraOnly:
    'This browser cannot record the screen (most phones cannot), so Camera only is chosen. To record your screen, open Stream on a computer in Chrome, Edge or Firefox.',
  noWebm:
    'This browser cannot record video as MP4 (H.264) or WebM (VP8 or VP9 with Opus). Use a recent version of Chrome, Edge, Firefox or Safari.',
  recorderFailed: 'The recording stopped because of an error in the browser. Whatever was recorded before it is kept.',
  nothingRecorded:
    'Nothing was recorded: the recording stopped before the browser delivered any video. Record again, for at least a second.',
  /** The reason a discarded recording's sinks are aborted with (e.g. the page was left while recording). */
  discarded: 'The recording was discarded before it ended.',
  sinksUnusable: (detail: string) => `The recording could not start: its outputs are set up wrongly (${detail}).`,
  cameraDenied:
    'Recording did not start: the camera was blocked. Allow the camera for this site, or choose Screen as the source.',
  cameraUnavailable:
    'The camera could not be used. Close other apps that use it, or choose another camera, and try again.',
  microphoneLost:
    'The microphone stopped (it was unplugged or its permission was taken back): the recording goes on without it.',
  cameraLost: 'The camera stopped (it was unplugged or its permission was taken back).',
  cameraLostStopped:
    'The recording stopped because the camera stopped (it was unplugged or its permission was taken back). Whatever was recorded before it is kept.',
  microphoneSilent:
    'The microphone may be muted: it has recorded only silence so far. Check its mute switch or the system sound settings.',
  maxLengthReached: (limit: string) => `The recording stopped by itself at the maximum length of ${limit}.`,
  maxLengthSoon: (left: string) => `The recording stops by itself in ${left} (maximum length).`,
} as const;

/**
 * A sink of the recording failed. `name` is the sink's name as people read it ("upload", "local
 * copy"); `detail` is the sink's own error message.
 */
export function describeSinkFailure(name: string, required: boolean, detail: string): string {
  return required
    ? `The recording stopped because its ${name} failed (${detail}). Whatever was recorded before it is kept.`
    : `The ${name} stopped (${detail}). The recording itself goes on and is kept here.`;
}

/** The names a browser gives a capture the person or a policy refused (PermissionDeniedError: old Chrome). */
const REFUSED = ['NotAllowedError', 'SecurityError', 'PermissionDeniedError'];

/** The name of a thrown Error or DOMException ('' for anything else). */
const errorName = (error: unknown): string =>
  error instanceof Error || isDomExceptionLike(error) ? (error as { name: string }).name : '';

/** Map an error thrown by getDisplayMedia (or MediaRecorder's constructor) to what the page says. */
export function describeCaptureError(error: unknown): CaptureFailure {
  const name = errorName(error);
  if (REFUSED.includes(name)) return { kind: 'denied', message: messages.screenDenied };
  switch (name) {
    case 'NotFoundError':
    case 'OverconstrainedError':
      return { kind: 'failed', message: messages.screenNotFound };
    case 'NotReadableError':
    case 'AbortError':
      return { kind: 'failed', message: messages.screenUnreadable };
    case 'NotSupportedError':
    case 'TypeError':
      return { kind: 'failed', message: messages.unsupported };
    default: {
      const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
      return { kind: 'failed', message: `The recording could not start${detail}.` };
    }
  }
}

/** Map an error thrown by getUserMedia for the camera to what the page says. */
export function describeCameraError(error: unknown): CaptureFailure {
  return REFUSED.includes(errorName(error))
    ? { kind: 'denied', message: messages.cameraDenied }
    : { kind: 'failed', message: messages.cameraUnavailable };
}

function isDomExceptionLike(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string';
}

/** What to tell the person about the audio being recorded; null when both sources are there. */
export function describeAudio(audio: AudioSources): string | null {
  switch (audio) {
    case 'screen+microphone':
      return null;
    case 'screen':
      return 'The microphone is not being recorded (access was denied or there is no microphone): recording the screen audio only.';
    case 'microphone':
      return 'The shared screen has no audio: recording the microphone only.';
    case 'none':
      return 'No audio is being recorded: the shared screen has no audio and the microphone is unavailable.';
  }
}
