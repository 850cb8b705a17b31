export interface UploadStatusProps {
  /** An upload is running. */
  uploading: boolean;
  /** 0–100 while uploading. */
  progress: number;
  /** The last upload failed: offer Re-upload Video (docs/product.md, States); hidden on success. */
  failed: boolean;
  onReupload: () => void;
}

/** 'Uploading video...' with its progress, or the Re-upload Video button after a failure. */
export function UploadStatus({ uploading, progress, failed, onReupload }: UploadStatusProps) {
  if (uploading) {
    const percent = Math.round(Math.min(100, Math.max(0, progress)));
    return (
      <div className="flex flex-col gap-2" role="status" aria-live="polite">
        <p>Uploading video...</p>
        <div className="flex items-center gap-3">
          <progress className="progress progress-primary w-64" value={percent} max={100} aria-label="Upload progress" />
          <span data-testid="upload-progress">{percent}%</span>
        </div>
      </div>
    );
  }
  if (!failed) return null;
  return (
    <div>
      <button type="button" className="btn btn-warning" onClick={onReupload}>
        Re-upload Video
      </button>
    </div>
  );
}
