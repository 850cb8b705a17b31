import { recorderNotices, recordingExtension, type RecorderOptions, type RecorderPreferences } from '@stream/recorder';
import { useRecorderSetup } from '@stream/recorder/react';
import { useState } from 'react';
import type { RecordingUploads, RecordingUploadState } from '../recording-uploads.ts';
import { useRecorderWithUploads } from './use-recording-uploads.ts';

/**
 * /record's recorder, its setup and its uploads, and what the page shows of them
 * (docs/product.md, Screens and States): the failed upload's alert until dismissed, the
 * recorder's notices, the buttons, the time, the preview and the whole file's upload.
 */
export function useRecordPage(
  recordings: RecordingUploads,
  recorderOptions?: RecorderOptions,
  maxDurationMs?: number,
  /** The account's recording defaults: what a browser with no remembered settings starts with. */
  starting?: Partial<RecorderPreferences>,
) {
  const { recorder, uploads, recording } = useRecorderWithUploads(recordings, recorderOptions);
  const { state } = recorder;
  // The error alert's Dismiss hides that failure; Re-upload Video stays.
  const [dismissed, setDismissed] = useState<RecordingUploadState | null>(null);
  const uploading = uploads.status === 'finishing' && uploads.path === 'whole-file';
  const capturing = state.status !== 'idle' && state.status !== 'stopped' && state.status !== 'error';
  const setup = useRecorderSetup(recorder, {
    ...(recorderOptions?.browser ? { browser: recorderOptions.browser } : {}),
    ...(maxDurationMs ? { maxDurationMs } : {}),
    disabled: uploading,
    ...(starting ? { starting } : {}),
  });
  const running = state.status === 'recording' || state.status === 'paused' || state.status === 'stopping';
  return {
    recorder,
    setup,
    uploads,
    /** Capturing (from asking for the screen until MediaRecorder stopped): no preview, no upload status. */
    capturing,
    /** The whole file is uploading: recording, download and settings wait. */
    uploading,
    stopped: state.status === 'stopping' || state.status === 'stopped',
    failure: uploads.status === 'recoverable' && dismissed !== uploads ? uploads.reason : null,
    onDismissFailure: () => setDismissed(uploads),
    notices: recorderNotices(state),
    onDismissNotice: recorder.dismiss,
    controls: {
      recording: state.status === 'recording',
      paused: state.status === 'paused',
      // Choosing an area too: Record this area starts it.
      busy:
        state.status === 'acquiring' ||
        state.status === 'countdown' ||
        state.status === 'stopping' ||
        setup.area !== null,
      disabled: uploading,
      onStart: setup.start,
      onStop: () => void recorder.stop(),
      onPause: recorder.pause,
      onResume: recorder.resume,
    },
    elapsed: running ? { elapsedMs: recorder.elapsedMs, paused: state.status === 'paused' } : null,
    acquiring: state.status === 'acquiring',
    preview:
      recording && !capturing
        ? {
            blob: recording.blob,
            fileName: `recording.${recordingExtension(recording.mimeType)}`,
            downloadDisabled: uploading,
          }
        : null,
    upload: capturing
      ? null
      : {
          uploading,
          progress: uploads.status === 'finishing' ? uploads.progress : 0,
          failed: uploads.status === 'recoverable',
          onReupload: () => void recordings.retry(),
        },
  };
}
