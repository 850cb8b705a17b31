import { describeAudio, type RecorderOptions, type RecorderState, type Recording } from '@stream/recorder';
import { useRecorder, useRecorderSetup } from '@stream/recorder/react';
import {
  AlertArea,
  ElapsedTime,
  RecorderControls,
  RecorderNotice,
  RecordingPreview,
  UploadStatus,
  type AlertMessage,
} from '@stream/ui';
import type { UploadClient } from '@stream/video-api';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { RecordSetup } from './record-setup';
import type { InstantRecording } from './instant-recording';
import { InstantRecordingView, UnfinishedRecordingsPanel, useInstantOptions, useInstantState } from './record-instant';

export interface RecordPageProps {
  uploads: UploadClient;
  /** Read once; tests pass a fake browser. */
  recorderOptions?: RecorderOptions;
  /** Where a finished upload can be watched (the route gives a router link). */
  renderVideoLink?: (videoId: string) => ReactNode;
  /** The server's maximum recording length (GET /api/config); absent: none. */
  maxDurationMs?: number | undefined;
  /** Upload while recording (issue 13); without it, the whole file uploads after Stop. */
  instant?: InstantRecording;
}

type UploadView =
  | { status: 'none' }
  | { status: 'uploading'; progress: number }
  | { status: 'done'; videoId?: string }
  | { status: 'failed' };

/**
 * docs/product.md, Screens (/record) and States (Recorder): record, preview, download, and the upload that starts
 * by itself on stop. The recording stays on the page (preview and download) whatever the upload
 * does, and whatever a sink of the recorder (recorderOptions.sinks) does.
 */
export function RecordPage({ uploads, recorderOptions, renderVideoLink, maxDurationMs, instant }: RecordPageProps) {
  const recorder = useRecorder(useInstantOptions(recorderOptions, instant));
  const instantState = useInstantState(instant);
  const [resumed, setResumed] = useState<{ videoId: string; link?: string } | null>(null);
  const { state } = recorder;
  const [recording, setRecording] = useState<Recording | null>(null);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [upload, setUpload] = useState<UploadView>({ status: 'none' });
  const autoUploaded = useRef<Blob | null>(null);

  /** Uploads the whole file; true once the server has it. */
  const runUpload = useCallback(
    async (blob: Blob): Promise<boolean> => {
      if (uploads.isUploading) return false;
      setAlert(null);
      setUpload({ status: 'uploading', progress: 0 });
      const result = await uploads.upload(blob, {
        onProgress: (progress) =>
          setUpload((current) => (current.status === 'uploading' ? { status: 'uploading', progress } : current)),
      });
      if (result.ok) {
        await instant?.wholeFileUploaded(); // a recording that fell back: its local copy can go
        setAlert({ kind: 'success', message: result.message });
        setUpload({ status: 'done', ...(result.videoId ? { videoId: result.videoId } : {}) });
      } else if (result.code !== 'busy') {
        console.error(`Upload failed: ${result.detail}`);
        setAlert({ kind: 'error', message: result.message });
        setUpload({ status: 'failed' });
      }
      return result.ok;
    },
    [uploads, instant],
  );

  // The instant path uploaded it already; the whole file goes only if that upload failed, in its place.
  const uploadAfterStop = useCallback(
    async (blob: Blob) => {
      if (!instant?.state.active) {
        await runUpload(blob);
        return;
      }
      if ((await instant.settled()).upload !== 'failed') return;
      await instant.fallBack(() => runUpload(blob));
    },
    [instant, runUpload],
  );

  // A finished recording replaces the previous one and uploads by itself, once.
  const finished = state.status === 'stopped' ? state.recording : null;
  useEffect(() => {
    if (!finished || autoUploaded.current === finished.blob) return;
    autoUploaded.current = finished.blob;
    setRecording(finished);
    setUpload({ status: 'none' });
    void uploadAfterStop(finished.blob);
  }, [finished, uploadAfterStop]);

  const uploading = upload.status === 'uploading';
  const capturing = state.status !== 'idle' && state.status !== 'stopped' && state.status !== 'error';
  const setup = useRecorderSetup(recorder, {
    ...(recorderOptions?.browser ? { browser: recorderOptions.browser } : {}),
    ...(maxDurationMs ? { maxDurationMs } : {}),
    disabled: uploading,
  });
  const notices = recorderNotices(state);

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">Record</h1>
        <p className="text-base-content/70">
          Record your screen with microphone audio. When you stop, you can preview and download the recording, and it
          uploads to your videos by itself.
        </p>
      </header>

      <AlertArea alert={alert} onDismiss={() => setAlert(null)} />
      {notices.map((notice) => (
        <RecorderNotice
          key={notice.message}
          message={notice.message}
          {...(notice.dismissible ? { onDismiss: recorder.dismiss } : {})}
        />
      ))}

      {instantState && (instantState.active || instantState.videoId) ? (
        <InstantRecordingView
          state={instantState}
          stopped={state.status === 'stopping' || state.status === 'stopped'}
          renderVideoLink={renderVideoLink}
        />
      ) : null}
      {instant && !capturing ? <UnfinishedRecordingsPanel instant={instant} onResumed={setResumed} /> : null}
      {resumed && renderVideoLink ? renderVideoLink(resumed.videoId) : null}

      <RecordSetup
        recorder={recorder}
        setup={setup}
        disabled={uploading}
        maxDurationMs={maxDurationMs}
        browser={recorderOptions?.browser}
      />

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
        onStart={() => {
          setAlert(null); // the last upload's message belongs to the last recording
          setup.start();
        }}
        onStop={() => void recorder.stop()}
        onPause={recorder.pause}
        onResume={recorder.resume}
      />

      {state.status === 'recording' || state.status === 'paused' || state.status === 'stopping' ? (
        <ElapsedTime elapsedMs={recorder.elapsedMs} paused={state.status === 'paused'} />
      ) : null}
      {state.status === 'acquiring' ? <p>Choose what to share in the browser&apos;s window...</p> : null}

      {recording && !capturing ? <RecordingPreview blob={recording.blob} downloadDisabled={uploading} /> : null}

      {recording && !capturing ? (
        <UploadStatus
          uploading={uploading}
          progress={upload.status === 'uploading' ? upload.progress : 0}
          failed={upload.status === 'failed'}
          onReupload={() => void runUpload(recording.blob)}
        />
      ) : null}

      {upload.status === 'done' && upload.videoId && renderVideoLink && !capturing
        ? renderVideoLink(upload.videoId)
        : null}
    </div>
  );
}

interface Notice {
  message: string;
  dismissible: boolean;
}

/** The recorder's own notice, then what each failed sink said (a required one's is the notice already). */
function recorderNotices(state: RecorderState): Notice[] {
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
