import type { RecorderState } from './machine.ts';
import { describeAudio, messages } from './messages.ts';

/** A sentence for the page about the recorder; `dismissible` ones go away with the recorder's dismiss. */
export interface RecorderNoticeText {
  readonly message: string;
  readonly dismissible: boolean;
}

/** The recorder's own notice, then what each failed sink said (a required one's is the notice already). */
export function recorderNotices(state: RecorderState): RecorderNoticeText[] {
  const main = recorderNotice(state);
  const failures = 'sinkFailures' in state ? (state.sinkFailures ?? []) : [];
  const sinks = failures
    .filter((failure) => failure.message !== main?.message)
    .map((failure) => ({ message: failure.message, dismissible: false }));
  return main ? [main, ...sinks] : sinks;
}

function recorderNotice(state: RecorderState): RecorderNoticeText | null {
  switch (state.status) {
    case 'idle':
      return state.notice ? { message: state.notice, dismissible: true } : null;
    case 'error':
      return { message: state.message, dismissible: true };
    case 'recording':
    case 'paused':
    case 'stopping': {
      const audio = describeAudio(state.audio);
      return audio ? { message: audio, dismissible: false } : null;
    }
    case 'stopped': {
      const message = state.notice ?? describeAudio(state.audio);
      return message ? { message, dismissible: false } : null;
    }
    default:
      return null;
  }
}

/**
 * What happened to the devices and the length: the maximum length's warning (`limitWarning`), a
 * silent microphone, a lost microphone or camera, and a recording stopped at `maxDurationMs`.
 */
export function deviceNotices(state: RecorderState, limitWarning: string | null, maxDurationMs?: number): string[] {
  const notes: string[] = [];
  if (limitWarning) notes.push(limitWarning);
  if ('microphoneSilent' in state && state.microphoneSilent) notes.push(messages.microphoneSilent);
  const lost = 'lostDevices' in state ? (state.lostDevices ?? []) : [];
  if (lost.includes('microphone')) notes.push(messages.microphoneLost);
  if (lost.includes('camera')) {
    notes.push('reason' in state && state.reason === 'device-lost' ? messages.cameraLostStopped : messages.cameraLost);
  }
  if ('reason' in state && state.reason === 'max-length' && maxDurationMs) {
    notes.push(messages.maxLengthReached(formatMinutes(maxDurationMs)));
  }
  return notes;
}

/** "30:00" for 30 minutes, "1:30:00" past an hour. */
export function formatMinutes(ms: number): string {
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The settings' line about the maximum length; undefined without one. */
export const limitText = (maxDurationMs?: number) =>
  maxDurationMs ? `Recordings stop by themselves after ${formatMinutes(maxDurationMs)}.` : undefined;
