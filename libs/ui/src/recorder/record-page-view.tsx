import type { ReactNode } from 'react';
import { AlertArea } from '../primitives';
import { ElapsedTime, type ElapsedTimeProps } from './elapsed-time';
import { RecorderControls, type RecorderControlsProps } from './recorder-controls';
import { RecorderNotice } from './recorder-notice';
import { RecordingBar } from './recording-bar';
import { RecordingPreview } from './recording-preview';
import { UploadStatus, type UploadStatusProps } from './upload-status';

export interface RecordPageViewProps {
  /** Why the recording's upload failed, until dismissed; null for none. */
  failure: string | null;
  onDismissFailure: () => void;
  /** The recorder's notices; a dismissible one goes with `onDismissNotice`. */
  notices: readonly { message: string; dismissible: boolean }[];
  onDismissNotice: () => void;
  /** Where the upload stands and the unfinished recordings, above the setup. */
  status?: ReactNode;
  /** The source, settings and what goes around the buttons (`RecordSetupView`). */
  setup?: ReactNode;
  controls: RecorderControlsProps;
  /** The recorded time, while recording. */
  elapsed: ElapsedTimeProps | null;
  /** The browser's picker is open. */
  acquiring: boolean;
  /**
   * What the recording waits for, said in the bar beside its (disabled) buttons, e.g. "Choose the
   * area to record": without it the bar looks stuck.
   */
  awaiting?: string | undefined;
  /** The last recording, to watch and download. */
  preview: { blob: Blob; fileName?: string; downloadDisabled: boolean } | null;
  /** The whole file's upload (not while capturing). */
  upload: UploadStatusProps | null;
}

/**
 * docs/product.md, Screens (/record) and States (Recorder): record, preview, download, and the
 * upload that starts by itself on stop, with what went wrong on the page.
 */
export function RecordPageView(props: RecordPageViewProps) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">Record</h1>
        <p className="text-base-content/70">
          Record your screen with microphone audio. When you stop, you can preview and download the recording, and it
          uploads to your videos by itself.
        </p>
      </header>
      <AlertArea
        alert={props.failure === null ? null : { kind: 'error', message: props.failure }}
        onDismiss={props.onDismissFailure}
      />
      {props.notices.map((notice) => (
        <RecorderNotice
          key={notice.message}
          message={notice.message}
          {...(notice.dismissible ? { onDismiss: props.onDismissNotice } : {})}
        />
      ))}
      {props.status}
      {props.setup}
      <RecordingBar>
        <RecorderControls {...props.controls} />
        {props.elapsed ? <ElapsedTime {...props.elapsed} /> : null}
        {/* Focus moves to what is awaited (the area chooser), so this need not be a live region of its own. */}
        {props.awaiting ? <span className="font-medium">{props.awaiting}</span> : null}
      </RecordingBar>
      {props.acquiring ? <p>Choose what to share in the browser&apos;s window...</p> : null}
      {props.preview ? <RecordingPreview {...props.preview} /> : null}
      {props.upload ? <UploadStatus {...props.upload} /> : null}
    </div>
  );
}
