import { recorderNotices, type RecorderOptions } from '@stream/recorder';
import { useRecorderSetup } from '@stream/recorder/react';
import type { RecordingUploads, RecordingUploadState } from '@stream/recording-uploads';
import { useRecorderWithUploads } from '@stream/recording-uploads/react';
import {
  AlertArea,
  ElapsedTime,
  RecorderControls,
  RecorderNotice,
  RecordingBar,
  RecordingPreview,
  UploadStatus,
} from '@stream/ui';
import { useState, type ReactNode } from 'react';
import { RecordSetup } from './record-setup';
import { RecordUnfinished } from './record-unfinished';
import { RecordUploadView } from './record-upload-view';

export interface RecordPageProps {
  /** The app's one RecordingUploads: where every recording goes once made (and while, on the instant path). */
  recordings: RecordingUploads;
  /** Read once; tests pass a fake browser. */
  recorderOptions?: RecorderOptions;
  /** Where a finished upload can be watched (the route gives a router link). */
  renderVideoLink?: (videoId: string) => ReactNode;
  /** The server's maximum recording length (GET /api/config); absent: none. */
  maxDurationMs?: number | undefined;
}

/**
 * docs/product.md, Screens (/record) and States (Recorder): record, preview, download, and the upload that starts
 * by itself on stop. The recording stays on the page (preview and download) whatever the upload
 * does, and whatever a sink of the recorder (recorderOptions.sinks) does.
 */
export function RecordPage({ recordings, recorderOptions, renderVideoLink, maxDurationMs }: RecordPageProps) {
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
  });
  const failure =
    uploads.status === 'recoverable' && dismissed !== uploads
      ? { kind: 'error' as const, message: uploads.reason }
      : null;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">Record</h1>
        <p className="text-base-content/70">
          Record your screen with microphone audio. When you stop, you can preview and download the recording, and it
          uploads to your videos by itself.
        </p>
      </header>

      <AlertArea alert={failure} onDismiss={() => setDismissed(uploads)} />
      {recorderNotices(state).map((notice) => (
        <RecorderNotice
          key={notice.message}
          message={notice.message}
          {...(notice.dismissible ? { onDismiss: recorder.dismiss } : {})}
        />
      ))}

      {capturing && uploads.status === 'uploaded' ? null : (
        <RecordUploadView
          recordings={recordings}
          state={uploads}
          stopped={state.status === 'stopping' || state.status === 'stopped'}
          renderVideoLink={renderVideoLink}
        />
      )}
      {recordings.instant && !capturing ? <RecordUnfinished recordings={recordings} /> : null}

      <RecordSetup
        recorder={recorder}
        setup={setup}
        disabled={uploading}
        maxDurationMs={maxDurationMs}
        browser={recorderOptions?.browser}
      />

      <RecordingBar>
        <RecorderControls
          recording={state.status === 'recording'}
          paused={state.status === 'paused'}
          busy={
            state.status === 'acquiring' ||
            state.status === 'countdown' ||
            state.status === 'stopping' ||
            setup.area !== null // choosing an area: Record this area starts it
          }
          disabled={uploading}
          onStart={setup.start}
          onStop={() => void recorder.stop()}
          onPause={recorder.pause}
          onResume={recorder.resume}
        />

        {state.status === 'recording' || state.status === 'paused' || state.status === 'stopping' ? (
          <ElapsedTime elapsedMs={recorder.elapsedMs} paused={state.status === 'paused'} />
        ) : null}
      </RecordingBar>
      {state.status === 'acquiring' ? <p>Choose what to share in the browser&apos;s window...</p> : null}

      {recording && !capturing ? <RecordingPreview blob={recording.blob} downloadDisabled={uploading} /> : null}

      {!capturing ? (
        <UploadStatus
          uploading={uploading}
          progress={uploads.status === 'finishing' ? uploads.progress : 0}
          failed={uploads.status === 'recoverable'}
          onReupload={() => void recordings.retry()}
        />
      ) : null}
    </div>
  );
}
