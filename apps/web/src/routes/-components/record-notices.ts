import { describeAudio, type RecorderState } from '@stream/recorder';

interface Notice {
  message: string;
  dismissible: boolean;
}

/** The recorder's own notice, then what each failed sink said (a required one's is the notice already). */
export function recorderNotices(state: RecorderState): Notice[] {
  const main = recorderNotice(state);
  const failures = 'sinkFailures' in state ? (state.sinkFailures ?? []) : [];
  const sinks = failures
    .filter((failure) => failure.message !== main?.message)
    .map((failure) => ({ message: failure.message, dismissible: false }));
  return main ? [main, ...sinks] : sinks;
}

function recorderNotice(state: RecorderState): Notice | null {
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
