import { useId, useState, type DragEvent } from 'react';

/** One file on its way up, as the library shows it (the hook's FileUploadState). */
export interface FileUploadRow {
  key: number;
  name: string;
  size: number;
  sent: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

export interface FileUploadsProps {
  uploads: readonly FileUploadRow[];
  onFiles: (files: File[]) => void;
  onDismiss: (key: number) => void;
}

/** What the file picker offers: videos, and the containers browsers do not always type. */
const ACCEPT = 'video/*,.mp4,.mov,.m4v,.webm,.mkv';

const percent = (row: FileUploadRow) => (row.size ? Math.floor((row.sent / row.size) * 100) : 100);

/**
 * Existing files into the library: dropped on the box or chosen (several at once), each
 * listed with its progress, then what became of it.
 */
export function FileUploads({ uploads, onFiles, onDismiss }: FileUploadsProps) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return (
    <section aria-label="Upload videos" className="flex flex-col gap-2">
      <div
        className={`rounded-box border-2 border-dashed p-3 text-sm ${over ? 'border-primary bg-primary/10' : 'border-base-300'}`}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return; // a card dragged to a folder is not a file
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setOver(false);
          onFiles([...event.dataTransfer.files]);
        }}
      >
        Drop video files here (MP4, MOV, WebM, MKV) or{' '}
        <label htmlFor={inputId} className="link link-primary cursor-pointer">
          choose files
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          onChange={(event) => {
            onFiles([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = ''; // the same file may be chosen again
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Uploads">
          {uploads.map((row) => (
            <li key={row.key} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate" title={row.name}>
                {row.name}
              </span>
              {row.state === 'uploading' && (
                <progress
                  className="progress progress-primary w-32"
                  value={percent(row)}
                  max={100}
                  aria-label={`Uploading ${row.name}`}
                />
              )}
              <span
                role={row.state === 'failed' ? 'alert' : 'status'}
                className={row.state === 'failed' ? 'text-error' : ''}
              >
                {row.state === 'uploading'
                  ? `${percent(row)}%`
                  : row.state === 'done'
                    ? 'Uploaded, processing'
                    : row.error}
              </span>
              {row.state !== 'uploading' && (
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => onDismiss(row.key)}>
                  Dismiss
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
