import { useId, useState } from 'react';
import { formatDateTime } from '../primitives';

export interface UnfinishedRecordingItem {
  id: string;
  /** Epoch ms when it started. */
  startedAt: number;
  durationMs: number;
  sizeBytes: number;
  /** Resuming, downloading or discarding it right now. */
  busy?: boolean;
}

export interface UnfinishedRecordingsProps {
  recordings: UnfinishedRecordingItem[];
  onResume(id: string): void;
  onDownload(id: string): void;
  onDiscard(id: string): void;
}

const minutesSeconds = (ms: number) => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Recordings a reload or crash left on this computer, with Resume upload, Download and Discard
 * (which asks first: nothing brings a discarded recording back).
 */
export function UnfinishedRecordings({ recordings, onResume, onDownload, onDiscard }: UnfinishedRecordingsProps) {
  const [discarding, setDiscarding] = useState<string>();
  const question = useId();
  if (recordings.length === 0) return null;
  return (
    <section aria-labelledby="unfinished-recordings" className="flex flex-col gap-2">
      <h2 id="unfinished-recordings" className="text-xl font-semibold">
        Unfinished recordings
      </h2>
      <ul className="flex flex-col gap-2">
        {recordings.map((recording) => {
          const label = `Recording of ${formatDateTime(new Date(recording.startedAt))}`;
          return (
            <li key={recording.id} aria-label={label} className="card card-border bg-base-100">
              <div className="card-body flex-row flex-wrap items-center gap-3 p-3">
                <span className="grow">
                  {label} · {minutesSeconds(recording.durationMs)} · {megabytes(recording.sizeBytes)}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={recording.busy}
                  onClick={() => onResume(recording.id)}
                >
                  Resume upload
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={recording.busy}
                  onClick={() => onDownload(recording.id)}
                >
                  Download
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  disabled={recording.busy}
                  onClick={() => setDiscarding(recording.id)}
                >
                  Discard
                </button>
                {discarding === recording.id ? (
                  // Asked in place, as Reset link is (share-dialog.tsx): a modal here would bring
                  // the Modal's chunk into /record's preload list, which the first page carries.
                  <div
                    role="alertdialog"
                    aria-labelledby={question}
                    className="flex w-full flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-200 p-3"
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') setDiscarding(undefined);
                    }}
                  >
                    <p>
                      <strong id={question}>Discard this recording?</strong> It is deleted from this computer, with its
                      unfinished upload. It cannot be brought back.
                    </p>
                    <div className="flex gap-2">
                      <button type="button" className="btn btn-sm" autoFocus onClick={() => setDiscarding(undefined)}>
                        Cancel
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-error"
                        onClick={() => {
                          setDiscarding(undefined);
                          onDiscard(recording.id);
                        }}
                      >
                        Discard recording
                      </button>
                    </div>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
