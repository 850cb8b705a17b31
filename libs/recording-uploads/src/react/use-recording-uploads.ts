import type { Recording, RecorderOptions } from '@stream/recorder';
import { useRecorder, type UseRecorder } from '@stream/recorder/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RecordingUploads, RecordingUploadState } from '../recording-uploads.ts';

/** The uploads' state, re-rendering on every change. */
export function useRecordingUploadState(uploads: RecordingUploads): RecordingUploadState {
  return useSyncExternalStore(
    uploads.subscribe,
    () => uploads.state,
    () => uploads.state,
  );
}

export interface RecorderWithUploads {
  recorder: UseRecorder;
  uploads: RecordingUploadState;
  /** The last finished recording (preview, download), kept while the next one is set up. */
  recording: Recording | null;
}

/**
 * A recorder whose recordings go to `uploads`: its sinks are added to every recording, and each
 * finished recording is handed to `uploads.finish` once. `options` are read once, like useRecorder's.
 */
export function useRecorderWithUploads(uploads: RecordingUploads, options?: RecorderOptions): RecorderWithUploads {
  const [withSinks] = useState<RecorderOptions>(() => ({
    ...options,
    sinks: (recording) => [...(options?.sinks?.(recording) ?? []), ...uploads.sinks(recording)],
  }));
  const recorder = useRecorder(withSinks);
  const state = useRecordingUploadState(uploads);
  const [recording, setRecording] = useState<Recording | null>(null);
  const finished = recorder.state.status === 'stopped' ? recorder.state.recording : null;
  if (finished && finished !== recording) setRecording(finished); // kept when the next recording starts
  useEffect(() => {
    if (finished) void uploads.finish(finished.blob); // once per recording: finish() knows it
  }, [finished, uploads]);
  return { recorder, uploads: state, recording };
}
